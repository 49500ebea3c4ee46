/**
 * The light rig, made once and kept: a sun and a spot that cast shadows and a point light that
 * does not (scene/sample.ts says why the set-up never changes). Kept objects keep their shadow
 * maps too, instead of allocating two large depth textures a frame.
 */
import { Color, DirectionalLight, PointLight, SpotLight, type Object3D, type PerspectiveCamera } from 'three';
import { unproject } from '../scene/camera.ts';
import type { SceneSpec } from '../scene/spec.ts';
import type { Quality } from './quality.ts';

export class LightRig {
  private readonly sun = new DirectionalLight();
  private readonly spot = new SpotLight();
  private readonly point = new PointLight();

  constructor() {
    this.spot.decay = 0;
    this.point.decay = 0;
    this.spot.penumbra = 0.5;
  }

  apply(spec: SceneSpec, camera: PerspectiveCamera, quality: Quality): Object3D[] {
    const lights = { sun: this.sun, spot: this.spot, point: this.point };
    const { width, height } = spec;
    for (const l of spec.lights) {
      const light = lights[l.kind];
      light.color = new Color(l.colour);
      light.intensity = l.intensity;
      light.position.set(...l.position);
      if (light instanceof PointLight) continue;
      light.target.position.set(...l.target);
      light.target.updateMatrixWorld();
      if (light instanceof SpotLight) light.angle = l.angle;
      // An unlit light casts nothing: skip its shadow map (one shader set-up more, compiled once).
      light.castShadow = l.shadow && quality.shadows && l.intensity > 0;
      light.shadow.mapSize.set(quality.shadowMap, quality.shadowMap);
      light.shadow.radius = l.softness;
      // The shadow camera covers what the picture shows of the table, and no more (texels are scarce).
      const [tx, , tz] = l.target;
      const far = Math.hypot(...spec.camera.position) * 3;
      let reach = 0;
      for (const [x, y] of [[0, 0], [width, 0], [0, height], [width, height]]) {
        const p = unproject(camera, width, height, x, y);
        reach = Math.max(reach, p ? Math.min(far, Math.hypot(p[0] - tx, p[1] - tz)) : far);
      }
      const dist = Math.hypot(l.position[0] - tx, l.position[1], l.position[2] - tz);
      const cam = light.shadow.camera;
      if (light instanceof DirectionalLight) {
        const c = light.shadow.camera;
        c.left = c.bottom = -reach;
        c.right = c.top = reach;
      }
      cam.near = dist * 0.2;
      cam.far = dist * 2;
      cam.updateProjectionMatrix();
      light.shadow.bias = -0.0005;
      light.shadow.normalBias = (2 * reach) / quality.shadowMap;
    }
    return [this.sun, this.sun.target, this.spot, this.spot.target, this.point];
  }
}
