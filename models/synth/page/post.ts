/**
 * The camera's own faults, in one full-screen pass from the linear render to the sRGB picture:
 * defocus (more away from a focus line when the spec asks for depth blur), motion smear, colour
 * fringing, exposure and white balance, filmic tone mapping, saturation, sharpening, vignetting
 * and sensor noise (stronger in the shadows, as shot noise is).
 */
import { Mesh, OrthographicCamera, PlaneGeometry, Scene, ShaderMaterial, Vector2, Vector3, WebGLRenderTarget, type Texture, type WebGLRenderer } from 'three';
import type { EffectsSpec } from '../scene/spec.ts';

const VERTEX = /* glsl */ `
varying vec2 vUv;
void main() { vUv = uv; gl_Position = vec4(position.xy, 0.0, 1.0); }
`;

const FRAGMENT = /* glsl */ `
uniform sampler2D tInput;
uniform vec2 uSize;
uniform float uExposure;
uniform vec3 uWhite;
uniform float uSaturation;
uniform float uBlur;
uniform float uDepthBlur;
uniform float uFocus;
uniform vec2 uMotion;
uniform float uNoise;
uniform float uVignette;
uniform float uSharpen;
uniform float uChroma;
uniform float uSeed;
varying vec2 vUv;

vec3 aces(vec3 x) {
  // Narkowicz's fit of the ACES filmic curve.
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}
vec3 toSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}
float rand(vec2 p) {
  return fract(sin(dot(p + uSeed, vec2(12.9898, 78.233))) * 43758.5453);
}
vec3 fetch(vec2 uv) {
  if (uChroma <= 0.0) return texture2D(tInput, uv).rgb;
  // Colour fringing: red and blue pulled apart towards the corners.
  vec2 d = (uv - 0.5) * uChroma / uSize * 2.0;
  return vec3(texture2D(tInput, uv + d).r, texture2D(tInput, uv).g, texture2D(tInput, uv - d).b);
}

void main() {
  vec2 px = 1.0 / uSize;
  float sigma = uBlur + uDepthBlur * abs(vUv.y - uFocus);
  // Taps on a golden-angle spiral (a lens's disc) plus the motion streak; one tap when sharp.
  int taps = (sigma < 0.25 && length(uMotion) < 0.5) ? 1 : 12;
  vec3 c = vec3(0.0);
  for (int i = 0; i < taps; i++) {
    float fi = float(i);
    float r = taps == 1 ? 0.0 : sqrt((fi + 0.5) / 12.0) * sigma * 1.6;
    float a = fi * 2.39996;
    float t = taps == 1 ? 0.0 : (fi / 11.0) - 0.5;
    vec2 o = vec2(cos(a), sin(a)) * r + uMotion * t;
    c += fetch(vUv + o * px);
  }
  c /= float(taps);
  if (uSharpen > 0.0) {
    vec3 n = fetch(vUv + vec2(px.x, 0.0)) + fetch(vUv - vec2(px.x, 0.0)) + fetch(vUv + vec2(0.0, px.y)) + fetch(vUv - vec2(0.0, px.y));
    c = max(c + uSharpen * (c - n * 0.25), 0.0);
  }
  c *= uExposure * uWhite;
  c = aces(c);
  float l = dot(c, vec3(0.2126, 0.7152, 0.0722));
  c = clamp(mix(vec3(l), c, uSaturation), 0.0, 1.0);
  vec2 q = vUv - 0.5;
  c *= 1.0 - uVignette * dot(q, q) * 2.0;
  c = toSrgb(c);
  float shot = uNoise * (0.6 + 0.8 * (1.0 - l));
  vec3 grain = vec3(rand(gl_FragCoord.xy), rand(gl_FragCoord.xy + 17.0), rand(gl_FragCoord.xy + 41.0)) - 0.5;
  float luma = rand(gl_FragCoord.xy + 93.0) - 0.5;
  c += shot * (grain * 1.2 + luma * 2.0);
  gl_FragColor = vec4(clamp(c, 0.0, 1.0), 1.0);
}
`;

export class Post {
  private readonly material = new ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    uniforms: {
      tInput: { value: null },
      uSize: { value: new Vector2() },
      uExposure: { value: 1 },
      uWhite: { value: new Vector3(1, 1, 1) },
      uSaturation: { value: 1 },
      uBlur: { value: 0 },
      uDepthBlur: { value: 0 },
      uFocus: { value: 0.5 },
      uMotion: { value: new Vector2() },
      uNoise: { value: 0 },
      uVignette: { value: 0 },
      uSharpen: { value: 0 },
      uChroma: { value: 0 },
      uSeed: { value: 0 },
    },
    depthTest: false,
    depthWrite: false,
  });
  readonly scene = new Scene();
  readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);

  constructor() {
    const quad = new Mesh(new PlaneGeometry(2, 2), this.material);
    quad.frustumCulled = false;
    this.scene.add(quad);
  }

  set(input: Texture, width: number, height: number, e: EffectsSpec, focus: number, seed: number, gain: number): void {
    const u = this.material.uniforms;
    u.tInput.value = input;
    u.uSize.value.set(width, height);
    u.uExposure.value = e.exposure * gain;
    u.uWhite.value.set(...e.whiteBalance);
    u.uSaturation.value = e.saturation;
    // Blur is given for a 480-pixel-high picture; a bigger frame of the same scene blurs more pixels.
    const k = height / 480;
    u.uBlur.value = e.blur * k;
    u.uDepthBlur.value = e.depthBlur * k;
    u.uFocus.value = focus;
    u.uMotion.value.set(e.motion[0] * k, e.motion[1] * k);
    u.uNoise.value = e.noise;
    u.uVignette.value = e.vignette;
    u.uSharpen.value = e.sharpen;
    u.uChroma.value = e.chroma * k;
    u.uSeed.value = (seed % 1000) / 10;
  }
}

const METER = /* glsl */ `
uniform sampler2D tInput;
uniform vec2 uCells;
varying vec2 vUv;
void main() {
  // Mean log2 luminance of a 4 x 4 grid of samples in this cell, stored as (log2 L + 16) / 24.
  vec2 cell = 1.0 / uCells;
  vec2 origin = floor(vUv * uCells) * cell;
  float s = 0.0;
  for (int y = 0; y < 4; y++) {
    for (int x = 0; x < 4; x++) {
      vec3 c = texture2D(tInput, origin + (vec2(x, y) + 0.5) * cell / 4.0).rgb;
      s += log2(max(dot(c, vec3(0.2126, 0.7152, 0.0722)), 1e-5));
    }
  }
  gl_FragColor = vec4(clamp((s / 16.0 + 16.0) / 24.0, 0.0, 1.0), 0.0, 0.0, 1.0);
}
`;

/**
 * A camera's automatic exposure: the scene's mean log luminance, measured on a 32 x 24 grid of
 * 4 x 4 samples, sets the gain that brings it to middle grey (the spec's exposure then biases it).
 */
export class Meter {
  private readonly material = new ShaderMaterial({ vertexShader: VERTEX, fragmentShader: METER, uniforms: { tInput: { value: null }, uCells: { value: new Vector2(32, 24) } }, depthTest: false, depthWrite: false });
  private readonly scene = new Scene();
  private readonly target = new WebGLRenderTarget(32, 24);
  private readonly pixels = new Uint8Array(32 * 24 * 4);

  constructor() {
    const quad = new Mesh(new PlaneGeometry(2, 2), this.material);
    quad.frustumCulled = false;
    this.scene.add(quad);
  }

  /** The gain that maps the scene's geometric-mean luminance to 0.18. */
  gain(renderer: WebGLRenderer, input: Texture, camera: OrthographicCamera): number {
    this.material.uniforms.tInput.value = input;
    renderer.setRenderTarget(this.target);
    renderer.render(this.scene, camera);
    renderer.readRenderTargetPixels(this.target, 0, 0, 32, 24, this.pixels);
    let s = 0;
    for (let i = 0; i < 32 * 24; i++) s += (this.pixels[i * 4] / 255) * 24 - 16;
    const mean = Math.pow(2, s / (32 * 24));
    return Math.min(20, Math.max(0.05, 0.18 / mean));
  }
}
