/**
 * The page's entry (bundled by ../bundle.ts, run in headless Chromium with WebGL on SwiftShader):
 * `globalThis.synth.render(spec)` builds the scene of a SceneSpec, renders it, applies the
 * camera's faults, encodes the JPEG, and measures the labels from a second, flat-colour render.
 */
import { HalfFloatType, NoToneMapping, PCFShadowMap, PMREMGenerator, UnsignedByteType, WebGLRenderer, WebGLRenderTarget, type Texture } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { Rendered, SynthPage } from '../scene/result.ts';
import type { SceneSpec } from '../scene/spec.ts';
import { buildScene, type Assets } from './build.ts';
import { LightRig } from './lights.ts';
import type { Quality } from './quality.ts';
import { dieSeen, idPass, propSeen, tally } from './labels.ts';
import { Meter, Post } from './post.ts';
import type { Images } from './props.ts';

class Synth implements SynthPage {
  private readonly renderer: WebGLRenderer;
  private readonly canvas: HTMLCanvasElement;
  private readonly post = new Post();
  private readonly meter = new Meter();
  private readonly environment: Texture;
  private readonly images: Images = new Map();
  private readonly lights = new LightRig();
  private beauty: WebGLRenderTarget | null = null;
  private ids: WebGLRenderTarget | null = null;
  quality: Quality = { samples: 4, shadowMap: 2048, halfFloat: true, post: true, env: true, shadows: true, lights: true };

  constructor() {
    this.canvas = document.createElement('canvas');
    // Not in the document: nothing for the compositor to draw.
    this.renderer = new WebGLRenderer({ canvas: this.canvas, antialias: false, preserveDrawingBuffer: true, alpha: false });
    this.renderer.setPixelRatio(1);
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = PCFShadowMap;
    this.renderer.toneMapping = NoToneMapping;
    // What shows through a translucent die needs no full-size copy of the scene.
    this.renderer.transmissionResolutionScale = 0.5;
    const pmrem = new PMREMGenerator(this.renderer);
    this.environment = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
    pmrem.dispose();
  }

  async addImage(key: string, dataUrl: string): Promise<void> {
    const blob = await (await fetch(dataUrl)).blob();
    this.images.set(key, await createImageBitmap(blob, { imageOrientation: 'flipY' }));
  }

  private assets(): Assets {
    return { images: this.images, lights: this.lights, environment: this.environment, quality: this.quality };
  }

  private targets(width: number, height: number): [WebGLRenderTarget, WebGLRenderTarget] {
    if (!this.beauty || this.beauty.width !== width || this.beauty.height !== height) {
      this.beauty?.dispose();
      this.ids?.dispose();
      this.beauty = new WebGLRenderTarget(width, height, { type: this.quality.halfFloat ? HalfFloatType : UnsignedByteType, samples: this.quality.samples });
      this.ids = new WebGLRenderTarget(width, height);
      this.renderer.setSize(width, height, false);
    }
    return [this.beauty, this.ids!];
  }

  /** Waits for the GPU (a one-pixel read), so a phase's time includes its drawing. */
  private sync(): void {
    const gl = this.renderer.getContext();
    const target = this.renderer.getRenderTarget();
    this.renderer.setRenderTarget(null);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    this.renderer.setRenderTarget(target);
  }

  render(spec: SceneSpec): Rendered {
    const timing: Record<string, number> = {};
    let t0 = performance.now();
    const lap = (name: string) => {
      this.sync();
      const t = performance.now();
      timing[name] = Math.round(t - t0);
      t0 = t;
    };
    const { width, height } = spec;
    const [beauty, idTarget] = this.targets(width, height);
    const built = buildScene(spec, this.assets());
    const { scene, camera, dieBodies, propObjects } = built;
    lap('build');
    this.renderer.setRenderTarget(beauty);
    this.renderer.render(scene, camera);
    lap('draw');
    const gain = this.meter.gain(this.renderer, beauty.texture, this.post.camera);
    this.post.set(beauty.texture, width, height, spec.effects, 0.5, spec.seed, gain);
    this.renderer.setRenderTarget(null);
    if (this.quality.post) this.renderer.render(this.post.scene, this.post.camera);
    lap('post');
    const jpeg = this.canvas.toDataURL('image/jpeg', spec.effects.jpegQuality / 100).slice('data:image/jpeg;base64,'.length);
    lap('jpeg');
    const ids = idPass(this.renderer, scene, camera, idTarget, dieBodies, propObjects);
    const counts = tally(ids, width, height, dieBodies.length + propObjects.length);
    const dice = spec.dice.map((d, i) => dieSeen(d, dieBodies[i], counts[i + 1], camera, width, height));
    const props = spec.props.map((_, j) => propSeen(counts[dieBodies.length + j + 1]));
    lap('labels');
    built.dispose();
    return { jpeg, dice, props, timing };
  }

  /** For benchmarks: builds the scene once and draws it `n` times; milliseconds a draw. */
  profile(spec: SceneSpec, n: number): number {
    const [beauty] = this.targets(spec.width, spec.height);
    const built = buildScene(spec, this.assets());
    this.renderer.setRenderTarget(beauty);
    this.renderer.render(built.scene, built.camera);
    this.sync();
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      this.renderer.setRenderTarget(beauty);
      this.renderer.render(built.scene, built.camera);
      this.sync();
    }
    built.dispose();
    return (performance.now() - t) / n;
  }
}

(globalThis as unknown as { synth: SynthPage }).synth = new Synth();
