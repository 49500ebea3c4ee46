/** A SceneSpec as a three.js scene: table, dice, props, contact shadows, lights. */
import { CanvasTexture, Color, Mesh, MeshBasicMaterial, PlaneGeometry, Scene, type Object3D, type PerspectiveCamera, type Texture } from 'three';
import { makeCamera } from '../scene/camera.ts';
import { propFootprint } from '../scene/props.ts';
import type { SceneSpec } from '../scene/spec.ts';
import { dieMeshes } from './dice.ts';
import { canvas, surfaceMaterial } from './materials.ts';
import { buildProp, type Images } from './props.ts';
import type { LightRig } from './lights.ts';
import type { Quality } from './quality.ts';

export interface Assets {
  images: Images;
  lights: LightRig;
  environment: Texture;
  quality: Quality;
}

export interface BuiltScene {
  scene: Scene;
  camera: PerspectiveCamera;
  /** Die bodies in the order of spec.dice. */
  dieBodies: Mesh[];
  /** Prop objects in the order of spec.props. */
  propObjects: Object3D[];
  dispose(): void;
}

let blob: Texture | null = null;

/** A soft dark disc: the contact shadow under each die, which shadow maps alone miss. */
function contactTexture(): Texture {
  if (blob) return blob;
  const [c, ctx] = canvas(64, 64);
  const g = ctx.createRadialGradient(32, 32, 4, 32, 32, 32);
  g.addColorStop(0, 'rgba(0,0,0,1)');
  g.addColorStop(0.5, 'rgba(0,0,0,0.55)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 64, 64);
  blob = new CanvasTexture(c);
  blob.userData.shared = true;
  return blob;
}

export function buildScene(spec: SceneSpec, assets: Assets): BuiltScene {
  const { width, height } = spec;
  const quality = assets.quality;
  const camera = makeCamera(spec.camera, width, height);
  const scene = new Scene();
  scene.background = new Color(spec.background);
  scene.environment = quality.env ? assets.environment : null;
  scene.environmentIntensity = spec.environment.intensity;
  scene.environmentRotation.y = spec.environment.rotation;
  const disposers: (() => void)[] = [];

  // The table: far bigger than the view, so its edge is seen only near the horizon.
  const camDist = Math.hypot(...spec.camera.position.map((v, i) => v - spec.camera.target[i]));
  const extent = Math.max(4000, camDist * 12);
  const tableMaterial = surfaceMaterial(spec.table, extent);
  const table = new Mesh(new PlaneGeometry(extent, extent), tableMaterial);
  table.rotation.x = -Math.PI / 2;
  table.position.set(spec.camera.target[0], 0, spec.camera.target[2]);
  table.receiveShadow = true;
  scene.add(table);
  disposers.push(() => {
    table.geometry.dispose();
    for (const t of tableMaterial.userData.disposeTextures as Texture[]) t.dispose();
  });

  const shadowMaterial = new MeshBasicMaterial({ map: contactTexture(), color: 0x000000, transparent: true, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -4 });
  const shadowGeometry = new PlaneGeometry(1, 1);
  disposers.push(() => shadowGeometry.dispose());
  const contact = (x: number, y: number, z: number, sx: number, sz: number, yaw: number, strength: number) => {
    const m = new Mesh(shadowGeometry, shadowMaterial.clone());
    (m.material as MeshBasicMaterial).opacity = strength;
    m.rotation.set(-Math.PI / 2, 0, yaw);
    m.scale.set(sx, sz, 1);
    m.position.set(x, y + 0.05, z);
    m.userData.labelHidden = true;
    scene.add(m);
  };

  const dieBodies: Mesh[] = [];
  for (const die of spec.dice) {
    const built = dieMeshes(die);
    scene.add(built.group);
    dieBodies.push(built.body);
    disposers.push(built.dispose);
    if (die.pose !== 'stacked') {
      const base = die.position[1] - (die.pose === 'flat' ? die.size / 2 : die.size * 0.6);
      contact(die.position[0], base, die.position[2], die.size * 1.35, die.size * 1.35, 0, die.body.kind === 'translucent' ? 0.3 : 0.55);
    }
  }
  const propObjects: Object3D[] = [];
  for (const p of spec.props) {
    const built = buildProp(p, assets.images);
    scene.add(built.object);
    propObjects.push(built.object);
    disposers.push(built.dispose);
    const foot = propFootprint(p);
    if (foot) contact(foot.centre[0], p.position[1], foot.centre[1], foot.half[0] * 2.5, foot.half[1] * 2.5, p.yaw, 0.35);
  }
  if (quality.lights) scene.add(...assets.lights.apply(spec, camera, quality));
  return {
    scene,
    camera,
    dieBodies,
    propObjects,
    dispose() {
      for (const dispose of disposers) dispose();
    },
  };
}
