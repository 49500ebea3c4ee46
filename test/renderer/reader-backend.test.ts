import { describe, expect, it } from 'vitest';
import { fastest, worthTrying } from '../../renderer/vision/reader-backend.ts';

describe('the camera worker\'s backend choice', () => {
  it('tries WebGL only on a GPU, never on a software rasteriser', () => {
    expect(worthTrying(null)).toBe(false);
    expect(worthTrying('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(false);
    expect(worthTrying('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(false);
    expect(worthTrying('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(worthTrying('ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(true);
    expect(worthTrying('Apple M1')).toBe(true);
  });

  it('keeps the faster, wasm where WebGL was not timed or is not faster', () => {
    expect(fastest({})).toBe('wasm');
    expect(fastest({ wasm: 80 })).toBe('wasm');
    expect(fastest({ webgl: 12 })).toBe('webgl');
    expect(fastest({ wasm: 80, webgl: 12 })).toBe('webgl');
    expect(fastest({ wasm: 80, webgl: 80 })).toBe('wasm');
    expect(fastest({ wasm: 80, webgl: 1900 })).toBe('wasm');
  });
});
