/** Materials shared by tables, tray floors and props. */
import { CanvasTexture, Color, LinearMipmapLinearFilter, MeshStandardMaterial, SRGBColorSpace, type Texture } from 'three';
import type { SurfaceSpec } from '../scene/spec.ts';
import { SURFACE_MAP_FRAGMENT, SURFACE_UNIFORMS } from './shaders.ts';
import { surfaceTexture } from './surfaces.ts';

/** A surface of `extent` mm across: its tile repeated at the spec's scale, coloured in the shader. */
export function surfaceMaterial(spec: SurfaceSpec, extent: number): MeshStandardMaterial {
  const tile = surfaceTexture(spec.kind, spec.seed);
  // The tile is shared between frames: each material gets its own view of it (repeat, turn).
  const tex = tile.clone();
  tex.repeat.set(extent / spec.scale, extent / spec.scale);
  tex.rotation = spec.rotation;
  tex.offset.set((spec.seed % 1000) / 1000, (spec.seed % 777) / 777);
  const bumpy = spec.kind !== 'glass' && spec.kind !== 'paper' && spec.kind !== 'plastic';
  const m = new MeshStandardMaterial({
    color: 0xffffff,
    map: tex,
    roughness: spec.roughness,
    metalness: 0,
    bumpMap: bumpy ? tex : null,
    bumpScale: spec.kind === 'felt' || spec.kind === 'carpet' || spec.kind === 'cloth' ? 2 : 0.6,
  });
  const uniforms = { uColour: { value: new Color(spec.colour) }, uColour2: { value: new Color(spec.colour2) } };
  m.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${SURFACE_UNIFORMS}`)
      .replace('#include <map_fragment>', SURFACE_MAP_FRAGMENT)
      .replace(/texture2D\( bumpMap, ([^)]*)\)\.x/g, 'texture2D( bumpMap, $1).z');
  };
  m.customProgramCacheKey = () => 'synth-surface';
  m.userData.disposeTextures = [tex];
  return m;
}

/** A canvas drawn in sRGB colours as a colour texture. */
export function colourTexture(canvas: HTMLCanvasElement | ImageBitmap): Texture {
  const tex = new CanvasTexture(canvas as HTMLCanvasElement);
  tex.colorSpace = SRGBColorSpace;
  tex.minFilter = LinearMipmapLinearFilter;
  tex.anisotropy = 8;
  return tex;
}

export function canvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round(width));
  c.height = Math.max(1, Math.round(height));
  return [c, c.getContext('2d')!];
}
