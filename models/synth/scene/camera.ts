import { MathUtils, PerspectiveCamera, Plane, Raycaster, Vector2, Vector3 } from 'three';
import type { CameraSpec, Vec2, Vec3 } from './spec.ts';

/**
 * The one camera both sides use: the sampler in Node places dice by it, the page renders and
 * labels through it, so a die drawn into the picture is where the sampler meant it.
 */
export function makeCamera(spec: CameraSpec, width: number, height: number): PerspectiveCamera {
  const dist = new Vector3(...spec.position).distanceTo(new Vector3(...spec.target));
  const cam = new PerspectiveCamera(spec.fov, width / height, Math.max(1, dist / 50), dist * 40);
  cam.position.set(...spec.position);
  // Looking straight down leaves "up" undefined: take the image's up as -z turned by the roll.
  cam.up.set(0, 1, 0);
  if (spec.tilt < 0.5) cam.up.set(0, 0, -1);
  cam.lookAt(...spec.target);
  cam.rotateZ(MathUtils.degToRad(spec.roll));
  cam.updateMatrixWorld(true);
  cam.updateProjectionMatrix();
  return cam;
}

/** World point to image pixels (x right, y down) and its depth in front of the camera (< 0 behind). */
export function project(cam: PerspectiveCamera, width: number, height: number, p: Vec3 | Vector3): { x: number; y: number; depth: number } {
  const v = Array.isArray(p) ? new Vector3(...p) : p.clone();
  const depth = -v.clone().applyMatrix4(cam.matrixWorldInverse).z;
  v.project(cam);
  return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height, depth };
}

/** Where the ray through image pixel (x, y) meets the plane y = h, as table (x, z); null above the horizon. */
export function unproject(cam: PerspectiveCamera, width: number, height: number, x: number, y: number, h = 0): Vec2 | null {
  const ray = new Raycaster();
  ray.setFromCamera(new Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), cam);
  const hit = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -h), new Vector3());
  return hit ? [hit.x, hit.z] : null;
}

/** Focal length in pixels along the image's height. */
export function focalPx(fov: number, height: number): number {
  return height / 2 / Math.tan(MathUtils.degToRad(fov) / 2);
}

/** About how many pixels an object of `size` mm spans at world point p. */
export function pixelsAt(cam: PerspectiveCamera, height: number, p: Vec3, size: number): number {
  const depth = -new Vector3(...p).applyMatrix4(cam.matrixWorldInverse).z;
  return depth > 0 ? (size * focalPx(cam.fov, height)) / depth : 0;
}
