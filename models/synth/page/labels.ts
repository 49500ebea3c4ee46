/**
 * Labels from the scene itself, not from the picture: each die's projected outline (all its mesh
 * vertices through the camera), its top and side faces as projected squares, and what of it is
 * seen, from a second render in which every object is one flat colour (red: object number,
 * green: the die's face + 1) read back pixel by pixel.
 */
import { Color, LinearSRGBColorSpace, Mesh, MeshBasicMaterial, Quaternion, Vector3, type Material, type Object3D, type PerspectiveCamera, type Scene, type WebGLRenderer, type WebGLRenderTarget } from 'three';
import type { Box, DieSeen, FaceSeen, PropSeen } from '../scene/result.ts';
import type { DieSpec, Vec2 } from '../scene/spec.ts';
import { FACE_NORMALS } from '../scene/layout.ts';

function idColour(object: number, face: number): Color {
  return new Color().setRGB(object / 255, face / 255, 0, LinearSRGBColorSpace);
}

/**
 * Renders the id picture into `target` and returns its pixels, rows top first. `dice[i]` is the
 * die mesh of object i + 1; `props[j]` the prop object of object dice.length + j + 1. Every other
 * mesh draws as 0 (the table) or not at all (helpers marked labelHidden: shadows, inner shells).
 */
export function idPass(renderer: WebGLRenderer, scene: Scene, camera: PerspectiveCamera, target: WebGLRenderTarget, dice: Mesh[], props: Object3D[]): Uint8Array {
  const saved = new Map<Mesh, Material | Material[]>();
  const hidden: Object3D[] = [];
  const made: Material[] = [];
  const black = new MeshBasicMaterial({ color: 0x000000 });
  made.push(black);
  const assign = (mesh: Mesh, m: Material | Material[]) => {
    saved.set(mesh, mesh.material);
    mesh.material = m;
  };
  dice.forEach((mesh, i) => {
    const faces = Array.from({ length: 6 }, (_, f) => new MeshBasicMaterial({ color: idColour(i + 1, f + 1) }));
    made.push(...faces);
    assign(mesh, faces);
  });
  props.forEach((obj, j) => {
    const m = new MeshBasicMaterial({ color: idColour(dice.length + j + 1, 0) });
    made.push(m);
    obj.traverse((o) => {
      if (o instanceof Mesh && !o.userData.labelHidden) assign(o, m);
    });
  });
  scene.traverse((o) => {
    if (o.userData.labelHidden && o.visible) hidden.push(o);
    else if (o instanceof Mesh && !saved.has(o)) assign(o, black);
  });
  for (const o of hidden) o.visible = false;
  const background = scene.background;
  const environment = scene.environment;
  scene.background = new Color(0, 0, 0);
  scene.environment = null;
  const toneMapping = renderer.toneMapping;
  renderer.setRenderTarget(target);
  renderer.render(scene, camera);
  const { width, height } = target;
  const raw = new Uint8Array(width * height * 4);
  renderer.readRenderTargetPixels(target, 0, 0, width, height, raw);
  renderer.setRenderTarget(null);
  renderer.toneMapping = toneMapping;
  scene.background = background;
  scene.environment = environment;
  for (const o of hidden) o.visible = true;
  for (const [mesh, m] of saved) mesh.material = m;
  // GL rows run bottom-up.
  const out = new Uint8Array(raw.length);
  const row = width * 4;
  for (let y = 0; y < height; y++) out.set(raw.subarray((height - 1 - y) * row, (height - y) * row), y * row);
  return out;
}

interface Tally {
  pixels: number;
  faces: number[];
  box: Box | null;
}

export function tally(ids: Uint8Array, width: number, height: number, objects: number): Tally[] {
  const out: Tally[] = Array.from({ length: objects + 1 }, () => ({ pixels: 0, faces: [0, 0, 0, 0, 0, 0], box: null }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const id = ids[i];
      if (id === 0 || id > objects) continue;
      const t = out[id];
      t.pixels++;
      const f = ids[i + 1];
      if (f >= 1 && f <= 6) t.faces[f - 1]++;
      if (!t.box) t.box = [x, y, x + 1, y + 1];
      else {
        t.box[0] = Math.min(t.box[0], x);
        t.box[1] = Math.min(t.box[1], y);
        t.box[2] = Math.max(t.box[2], x + 1);
        t.box[3] = Math.max(t.box[3], y + 1);
      }
    }
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function toPixels(camera: PerspectiveCamera, width: number, height: number, p: Vector3): Vec2 {
  const v = p.clone().project(camera);
  return [((v.x + 1) / 2) * width, ((1 - v.y) / 2) * height];
}

function polygonArea(poly: Vec2[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i];
    const [x1, y1] = poly[(i + 1) % poly.length];
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a) / 2;
}

function hull(points: Vec2[]): Vec2[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Vec2[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Vec2[] = [];
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The square of face `f` (the die's full edge) in pixels, corners in order around it. */
function faceSquare(spec: DieSpec, mesh: Mesh, f: number, camera: PerspectiveCamera, width: number, height: number): Vec2[] {
  const h = spec.size / 2;
  const n = new Vector3(...FACE_NORMALS[f]);
  const axes = [0, 1, 2].filter((a) => FACE_NORMALS[f][a] === 0).map((a) => new Vector3().setComponent(a, 1));
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => {
    const local = n.clone().multiplyScalar(h).addScaledVector(axes[0], a * h).addScaledVector(axes[1], b * h);
    return toPixels(camera, width, height, local.applyMatrix4(mesh.matrixWorld));
  });
}

export function dieSeen(spec: DieSpec, mesh: Mesh, t: Tally, camera: PerspectiveCamera, width: number, height: number): DieSeen {
  const pos = mesh.geometry.attributes.position;
  const pts: Vec2[] = [];
  const v = new Vector3();
  for (let i = 0; i < pos.count; i++) pts.push(toPixels(camera, width, height, v.fromBufferAttribute(pos, i).applyMatrix4(mesh.matrixWorld)));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const box: Box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(round2) as Box;
  const q = new Quaternion();
  mesh.getWorldQuaternion(q);
  const ups = FACE_NORMALS.map((n) => new Vector3(...n).applyQuaternion(q).y);
  const top = ups.indexOf(Math.max(...ups));
  const face = (f: number): FaceSeen => {
    const polygon = faceSquare(spec, mesh, f, camera, width, height);
    const area = polygonArea(polygon);
    return { value: spec.faces[f], polygon: polygon.map(([x, y]) => [round2(x), round2(y)]), pixels: t.faces[f], visible: round2(area > 0 ? Math.min(1, t.faces[f] / area) : 0) };
  };
  const sides = [0, 1, 2, 3, 4, 5].filter((f) => f !== top && t.faces[f] > 0).map(face);
  return { box, area: round2(polygonArea(hull(pts))), pixels: t.pixels, seenBox: t.box, top: face(top), sides };
}

export function propSeen(t: Tally): PropSeen {
  return { box: t.box, pixels: t.pixels };
}
