/** Meshes for the things on the table that are not dice (../scene/props.ts says what and where). */
import {
  BoxGeometry,
  CapsuleGeometry,
  CatmullRomCurve3,
  Color,
  CylinderGeometry,
  DoubleSide,
  ExtrudeGeometry,
  Group,
  LatheGeometry,
  Mesh,
  MeshStandardMaterial,
  Object3D,
  Path,
  PlaneGeometry,
  Shape,
  SphereGeometry,
  TubeGeometry,
  Vector2,
  Vector3,
  type Material,
  type Texture,
} from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import type { PropSpec } from '../scene/spec.ts';
import { colourTexture, surfaceMaterial } from './materials.ts';
import { polyDie } from './poly-dice.ts';
import { drawPoster } from './posters.ts';
import { drawCard, drawDomino, drawPegboard, drawRoundTop, drawSheet } from './prints.ts';

export interface Built {
  object: Object3D;
  dispose(): void;
}

/** Board prints rasterised in Node, by board id. */
export type Images = Map<string, ImageBitmap>;

function standard(colour: string, roughness = 0.5, metalness = 0): MeshStandardMaterial {
  return new MeshStandardMaterial({ color: new Color(colour), roughness, metalness });
}

function textured(tex: Texture, roughness = 0.6, metalness = 0, bump = false): MeshStandardMaterial {
  return new MeshStandardMaterial({ map: tex, roughness, metalness, bumpMap: bump ? tex : null, bumpScale: bump ? 1.5 : 1 });
}

/** Collects what a prop allocates, so the frame can free it. */
class Parts {
  readonly group = new Group();
  private readonly owned: { dispose(): void }[] = [];

  mesh(geometry: Mesh['geometry'], material: Material | Material[], shadow = true): Mesh {
    const m = new Mesh(geometry, material);
    m.castShadow = shadow;
    m.receiveShadow = true;
    this.group.add(m);
    this.own(geometry);
    // Materials are not disposed (that would free their shader program, see dice.ts); their textures are.
    for (const mat of Array.isArray(material) ? material : [material]) this.ownTextures(mat);
    return m;
  }

  own(x: { dispose(): void }): void {
    this.owned.push(x);
  }

  ownTextures(m: Material): void {
    const texs = m.userData?.disposeTextures as Texture[] | undefined;
    if (texs) this.owned.push(...texs);
    for (const key of ['map', 'bumpMap']) {
      const t = (m as unknown as Record<string, Texture | null>)[key];
      if (t && !t.userData.shared && !texs?.includes(t)) this.owned.push(t);
    }
  }

  built(): Built {
    return { object: this.group, dispose: () => this.owned.forEach((o) => o.dispose()) };
  }
}

export function buildProp(p: PropSpec, images: Images): Built {
  const parts = new Parts();
  const g = parts.group;
  g.position.set(...p.position);
  g.rotation.y = p.yaw;
  switch (p.kind) {
    case 'sheet': {
      const image = p.print === 'board' ? images.get(p.board!) : undefined;
      const drawn = p.print === 'poster' ? drawPoster(p.size, p.colour, p.seed) : drawSheet(p.print === 'board' ? 'paper' : p.print, p.size, p.colour, p.colour2, p.seed);
      const tex = colourTexture(image ?? drawn);
      const m = parts.mesh(new PlaneGeometry(p.size[0], p.size[1]), new MeshStandardMaterial({ map: tex, roughness: 0.85, polygonOffset: true, polygonOffsetFactor: -2 }), false);
      m.rotation.x = -Math.PI / 2;
      m.position.y = 0.15;
      break;
    }
    case 'tray':
      buildTray(parts, p);
      break;
    case 'pegboard': {
      const tex = colourTexture(drawPegboard(p.size, p.holes, p.pitch, p.colour, p.colour2));
      const top = textured(tex, 0.6);
      const side = standard(p.colour, 0.6);
      const m = parts.mesh(new BoxGeometry(p.size[0], 12, p.size[1]), [side, side, top, side, side, side]);
      m.position.y = 6;
      break;
    }
    case 'coin':
    case 'button':
    case 'chip':
    case 'disc-token':
    case 'peg': {
      const metal = p.kind === 'coin';
      const tex = colourTexture(drawRoundTop(p.kind, p.holes, p.colour, p.colour2, p.seed));
      const top = textured(tex, metal ? 0.35 : 0.45, metal ? 1 : 0, metal);
      const side = standard(p.kind === 'chip' ? p.colour : p.colour, metal ? 0.35 : 0.5, metal ? 1 : 0);
      const m = parts.mesh(new CylinderGeometry(p.radius, p.radius, p.height, 40), [side, top, side]);
      m.position.y = p.height / 2;
      if (p.kind === 'peg') {
        const head = parts.mesh(new SphereGeometry(p.radius * 1.1, 20, 12), standard(p.colour, 0.4));
        head.position.y = p.height;
      }
      break;
    }
    case 'cube-token':
    case 'eraser': {
      const [x, y, z] = p.size;
      const m = parts.mesh(new RoundedBoxGeometry(x, y, z, 2, Math.min(x, y, z) * 0.1), standard(p.colour, p.kind === 'eraser' ? 0.8 : 0.6));
      m.position.y = y / 2;
      break;
    }
    case 'domino': {
      const [x, y, z] = p.size;
      const tex = colourTexture(drawDomino(p.value, p.colour, p.colour2));
      const side = standard(p.colour, 0.3);
      const m = parts.mesh(new BoxGeometry(x, y, z), [side, side, textured(tex, 0.3), side, side, side]);
      m.position.y = y / 2;
      break;
    }
    case 'card': {
      const tex = colourTexture(drawCard(p.value, p.colour2));
      const m = parts.mesh(new PlaneGeometry(p.size[0], p.size[2]), new MeshStandardMaterial({ map: tex, roughness: 0.5, polygonOffset: true, polygonOffsetFactor: -3 }), false);
      m.rotation.x = -Math.PI / 2;
      m.position.y = 0.4;
      break;
    }
    case 'meeple': {
      const h = p.height;
      const s = new Shape();
      // A meeple's outline, feet on y = 0.
      const pts: [number, number][] = [
        [-0.45, 0], [-0.12, 0], [0, 0.22], [0.12, 0], [0.45, 0], [0.28, 0.42], [0.5, 0.58], [0.42, 0.68], [0.14, 0.66],
        [0.2, 0.86], [0, 1], [-0.2, 0.86], [-0.14, 0.66], [-0.42, 0.68], [-0.5, 0.58], [-0.28, 0.42],
      ];
      s.moveTo(pts[0][0] * h, pts[0][1] * h);
      for (const [x, y] of pts.slice(1)) s.lineTo(x * h, y * h);
      const geo = new ExtrudeGeometry(s, { depth: h * 0.3, bevelEnabled: true, bevelSize: h * 0.03, bevelThickness: h * 0.03, bevelSegments: 2 });
      geo.translate(0, h * 0.03, -h * 0.15);
      parts.mesh(geo, standard(p.colour, 0.55));
      break;
    }
    case 'pawn': {
      const h = p.height;
      const profile = [
        [0.001, 0], [0.32, 0], [0.32, 0.08], [0.2, 0.14], [0.12, 0.6], [0.16, 0.66], [0.08, 0.7], [0.17, 0.8], [0.14, 0.93], [0.001, 1],
      ].map(([x, y]) => new Vector2(x * h, y * h));
      parts.mesh(new LatheGeometry(profile, 32), standard(p.colour, 0.35));
      break;
    }
    case 'pencil': {
      const body = new CylinderGeometry(p.radius, p.radius, p.length * 0.85, 6);
      body.rotateZ(Math.PI / 2);
      const m = parts.mesh(body, standard(p.colour, 0.4));
      m.position.y = p.radius * Math.cos(Math.PI / 6);
      m.rotation.x = Math.PI / 6;
      const tip = new CylinderGeometry(0.4, p.radius, p.length * 0.12, 12);
      tip.rotateZ(-Math.PI / 2);
      const t = parts.mesh(tip, standard(p.colour2, 0.8));
      t.position.set(p.length * 0.485, p.radius * 0.87, 0);
      const end = new CylinderGeometry(p.radius * 0.95, p.radius * 0.95, p.length * 0.05, 16);
      end.rotateZ(Math.PI / 2);
      const e = parts.mesh(end, standard('#e89aa8', 0.8));
      e.position.set(-p.length * 0.45, p.radius * 0.87, 0);
      break;
    }
    case 'cable': {
      g.position.set(0, 0, 0);
      g.rotation.y = 0;
      const curve = new CatmullRomCurve3(p.path.map((q) => new Vector3(...q)));
      parts.mesh(new TubeGeometry(curve, 96, p.radius, 10), standard(p.colour, 0.45));
      break;
    }
    case 'hand':
      buildHand(parts, p);
      break;
    case 'poly-die': {
      const built = polyDie(p);
      g.add(built.object);
      built.owned.forEach((o) => parts.own(o));
      break;
    }
    case 'cup': {
      const pts = [new Vector2(0.001, 0), new Vector2(p.radius * 0.92, 0), new Vector2(p.radius, p.height), new Vector2(p.radius - 2.5, p.height), new Vector2(p.radius * 0.92 - 2.5, 3), new Vector2(0.001, 3)];
      const geo = new LatheGeometry(pts, 48);
      const m = parts.mesh(geo, new MeshStandardMaterial({ color: new Color(p.colour), roughness: 0.55, side: DoubleSide }));
      if (p.lying) {
        m.rotation.z = Math.PI / 2;
        m.position.set(p.height / 2, p.radius, 0);
      }
      break;
    }
  }
  return parts.built();
}

function polygonShape(kind: 'hex' | 'rect' | 'round', hx: number, hz: number): Vector2[] {
  if (kind === 'rect') return [new Vector2(-hx, -hz), new Vector2(hx, -hz), new Vector2(hx, hz), new Vector2(-hx, hz)];
  const n = kind === 'hex' ? 6 : 64;
  return Array.from({ length: n }, (_, i) => new Vector2(hx * Math.cos((2 * Math.PI * i) / n), hz * Math.sin((2 * Math.PI * i) / n)));
}

/** A dice tray: a ring of walls and a lined floor 3 mm above the table (where the layout puts the dice). */
function buildTray(parts: Parts, p: Extract<PropSpec, { kind: 'tray' }>): void {
  const [hx, hz] = [p.size[0] / 2, p.size[1] / 2];
  const outer = polygonShape(p.shape, hx, hz);
  const t = p.thickness / (p.shape === 'hex' ? Math.cos(Math.PI / 6) : 1);
  const inner = polygonShape(p.shape, hx - t, hz - t);
  const ring = new Shape(outer);
  ring.holes.push(new Path([...inner].reverse()));
  const walls = new ExtrudeGeometry(ring, { depth: p.wall, bevelEnabled: true, bevelSize: 1.5, bevelThickness: 1.5, bevelSegments: 2, curveSegments: 64 });
  // Shape x, y to table x, -z; extrusion up.
  walls.rotateX(-Math.PI / 2);
  parts.mesh(walls, standard(p.colour, 0.4));
  const floor = new Shape(inner);
  const floorGeo = new ExtrudeGeometry(floor, { depth: 3, bevelEnabled: false, curveSegments: 64 });
  floorGeo.rotateX(-Math.PI / 2);
  // ExtrudeGeometry's caps carry shape coordinates as uv: scale them to 0..1 over the tray.
  const uv = floorGeo.attributes.uv;
  for (let i = 0; i < uv.count; i++) uv.setXY(i, (uv.getX(i) + hx) / (2 * hx), (uv.getY(i) + hz) / (2 * hz));
  parts.mesh(floorGeo, surfaceMaterial(p.floor, 2 * Math.max(hx, hz)));
}

/**
 * A hand reaching in, wrist at the origin, fingers along +x: a rounded palm, four fingers of
 * three tapering joints each (curled more when the hand hovers), a two-joint thumb, and the
 * forearm running back out of the picture.
 */
function buildHand(parts: Parts, p: Extract<PropSpec, { kind: 'hand' }>): void {
  const L = p.length;
  const skin = standard(p.colour, 0.6);
  const thick = L * 0.13;
  const lift = p.lift + thick / 2;
  const palm = parts.mesh(new RoundedBoxGeometry(L * 0.52, thick, L * 0.44, 3, thick * 0.45), skin);
  palm.position.set(L * 0.26, lift, 0);
  const arm = parts.mesh(new CylinderGeometry(L * 0.15, L * 0.2, L * 1.6, 20), skin);
  arm.rotation.z = Math.PI / 2;
  arm.scale.set(1, 1, 0.7);
  arm.position.set(-L * 0.8, lift + L * 0.03, 0);
  const curl = 0.08 + (p.lift > 0 ? 0.35 : 0.1) * (1 - p.spread);
  const fingers: [number, number][] = [
    [0.42, -0.165],
    [0.47, -0.055],
    [0.44, 0.055],
    [0.35, 0.16],
  ];
  fingers.forEach(([length, across], f) => {
    let joint = new Group();
    joint.position.set(L * 0.5, lift - thick * 0.1, across * L);
    joint.rotation.y = -(f - 1.5) * 0.09 * (0.3 + p.spread);
    parts.group.add(joint);
    const r0 = L * 0.048 * (f === 3 ? 0.85 : 1);
    [0.45, 0.3, 0.25].forEach((share, k) => {
      const len = length * L * share;
      const r = r0 * (1 - k * 0.12);
      joint.rotation.z = -curl * (k === 0 ? 0.5 : 1);
      const bone = new CapsuleGeometry(r, Math.max(0.1, len - r), 4, 10);
      bone.rotateZ(-Math.PI / 2);
      bone.translate(len / 2, 0, 0);
      const m = new Mesh(bone, skin);
      m.castShadow = true;
      joint.add(m);
      parts.own(bone);
      const next = new Group();
      next.position.x = len;
      joint.add(next);
      joint = next;
    });
  });
  let thumb = new Group();
  thumb.position.set(L * 0.12, lift - thick * 0.1, -L * 0.22);
  thumb.rotation.y = 0.7 + 0.5 * p.spread;
  parts.group.add(thumb);
  [0.2, 0.16].forEach((share, k) => {
    const len = share * L;
    const r = L * 0.055 * (1 - k * 0.15);
    thumb.rotation.z = -0.1;
    const bone = new CapsuleGeometry(r, len - r, 4, 10);
    bone.rotateZ(-Math.PI / 2);
    bone.translate(len / 2, 0, 0);
    const m = new Mesh(bone, skin);
    m.castShadow = true;
    thumb.add(m);
    parts.own(bone);
    const next = new Group();
    next.position.x = len;
    next.rotation.y = -0.3;
    thumb.add(next);
    thumb = next;
  });
}
