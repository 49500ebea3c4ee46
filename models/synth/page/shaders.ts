/**
 * GLSL pieces patched into three's physical material: solid-texture noise for bodies (marble,
 * swirl, wood are 3-D patterns in the die's own space, so they run across edges as in a real
 * cast or cut die), and the die's colour from its pip mask.
 */

/** Hash-based value noise and fBm in 3-D (Inigo Quilez's construction). */
export const NOISE = /* glsl */ `
float synthHash(vec3 p) {
  p = fract(p * 0.3183099 + vec3(0.71, 0.113, 0.419));
  p *= 17.0;
  return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}
float synthNoise(vec3 x) {
  vec3 i = floor(x);
  vec3 f = fract(x);
  f = f * f * (3.0 - 2.0 * f);
  return mix(mix(mix(synthHash(i), synthHash(i + vec3(1, 0, 0)), f.x),
                 mix(synthHash(i + vec3(0, 1, 0)), synthHash(i + vec3(1, 1, 0)), f.x), f.y),
             mix(mix(synthHash(i + vec3(0, 0, 1)), synthHash(i + vec3(1, 0, 1)), f.x),
                 mix(synthHash(i + vec3(0, 1, 1)), synthHash(i + vec3(1, 1, 1)), f.x), f.y), f.z);
}
float synthFbm(vec3 p) {
  float a = 0.5;
  float s = 0.0;
  for (int i = 0; i < 5; i++) {
    s += a * synthNoise(p);
    p = p * 2.03 + vec3(1.7, 9.2, 3.1);
    a *= 0.5;
  }
  return s;
}
`;

/** Body kinds as the shader numbers them (BodyKind in ../scene/spec.ts). */
export const BODY_CODE: Record<string, number> = { solid: 0, translucent: 0, marbled: 1, swirled: 2, wood: 3, metallic: 0, pearl: 4 };

export const DIE_UNIFORMS = /* glsl */ `
uniform int uBodyKind;
uniform vec3 uColour;
uniform vec3 uColour2;
uniform vec3 uPipColour;
uniform vec3 uAltColour;
uniform float uPattern;
uniform vec3 uOffset;
uniform float uSize;
uniform int uFaces[6];
uniform int uTurns[6];
uniform float uPipRadius;
uniform float uSpread;
uniform int uOne;
uniform int uPipKind;
uniform float uDepth;
varying vec3 vObjPos;
`;

/**
 * Pips drawn from their signed distance in the face's own coordinates: sharp at any size, no
 * texture to make or upload. Layouts as scene/pips.ts; uOne: 0 plain, 1 big, 2 red, 3 logo;
 * uPipKind: 0 painted, 1 engraved and painted, 2 engraved and plain.
 */
export const DIE_PIPS = /* glsl */ `
float synthPipDist(vec2 q, int value, float s) {
  float d = 1e9;
  if (value == 1 || value == 3 || value == 5) d = min(d, length(q));
  if (value >= 2) d = min(d, min(length(q - vec2(-s, -s)), length(q - vec2(s, s))));
  if (value >= 4) d = min(d, min(length(q - vec2(s, -s)), length(q - vec2(-s, s))));
  if (value == 6) d = min(d, min(length(q - vec2(-s, 0.0)), length(q - vec2(s, 0.0))));
  return d;
}
// Signed distance to the pip edge (negative inside), the pip's radius there, and the face value.
vec3 synthPips(vec3 p, out int value) {
  vec3 a = abs(p);
  int face;
  vec2 q;
  if (a.x >= a.y && a.x >= a.z) { face = p.x > 0.0 ? 0 : 1; q = p.zy; }
  else if (a.y >= a.z) { face = p.y > 0.0 ? 2 : 3; q = p.xz; }
  else { face = p.z > 0.0 ? 4 : 5; q = p.xy; }
  value = uFaces[face];
  int turn = uTurns[face];
  if (turn == 1 || turn == 3) q = vec2(-q.y, q.x);
  if (turn >= 2) q = -q;
  float r = uPipRadius;
  float d = synthPipDist(q, value, uSpread);
  float sdf = d - r;
  if (value == 1 && uOne == 1) { r *= 1.7; sdf = d - r; }
  if (value == 1 && uOne == 3) {
    r *= 2.4;
    sdf = min(abs(d - r * 0.82) - r * 0.16, d - r * 0.3);
  }
  return vec3(sdf, r, d);
}
`;

export const DIE_BODY = /* glsl */ `
vec3 synthBody(vec3 p) {
  vec3 q = p * uPattern + uOffset;
  if (uBodyKind == 1) {
    // Marble: thin veins where a warped sine crosses zero.
    float w = synthFbm(q * 2.0);
    float v = abs(sin((q.x + q.y * 0.6 + 3.0 * w) * 4.0));
    float vein = 1.0 - smoothstep(0.0, 0.18, v);
    return mix(uColour, uColour2, clamp(vein * 0.9 + 0.15 * synthFbm(q * 6.0), 0.0, 1.0));
  }
  if (uBodyKind == 2) {
    // Swirl: bands of two colours along a doubly warped field.
    float w = synthFbm(q * 1.5 + synthFbm(q * 1.5));
    float band = smoothstep(0.35, 0.65, 0.5 + 0.5 * sin(w * 14.0));
    return mix(uColour, uColour2, band);
  }
  if (uBodyKind == 3) {
    // Wood: rings about an axis through the block, wobbling, plus fine streaks along it.
    float r = length(q.xz * 3.0 + vec2(2.0, 1.0)) + 0.35 * synthFbm(q * 2.0);
    float ring = smoothstep(0.2, 0.9, fract(r * 3.0));
    float streak = synthNoise(vec3(q.x * 40.0, q.y * 1.5, q.z * 40.0));
    return uColour * (0.72 + 0.22 * ring + 0.12 * streak);
  }
  if (uBodyKind == 4) {
    // Pearl: soft clouds of a second tint.
    return mix(uColour, uColour2, smoothstep(0.3, 0.8, synthFbm(q * 2.5)));
  }
  return uColour * (0.97 + 0.06 * synthNoise(q * 30.0));
}
`;

/** Replaces three's map_fragment: the body's colour and the pips over it; leaves synthPip, synthHeight. */
export const DIE_MAP_FRAGMENT = /* glsl */ `
vec3 synthP = vObjPos / uSize;
int synthValue;
vec3 synthPipSdf = synthPips(synthP, synthValue);
float synthAa = max(fwidth(synthPipSdf.x), 1e-4) * 0.7;
float synthPip = 1.0 - smoothstep(-synthAa, synthAa, synthPipSdf.x);
vec3 synthBodyColour = synthBody(synthP);
vec3 pipColour = (synthValue == 1 && uOne == 2) ? uAltColour : uPipColour;
// An engraved pip without paint is the body, darker in its shadowed hollow.
if (uPipKind == 2) pipColour = synthBodyColour * 0.45;
diffuseColor.rgb *= mix(synthBodyColour, pipColour, synthPip);
// A spherical hollow, deepest in the middle (engraved pips only).
float synthRel = clamp(synthPipSdf.z / synthPipSdf.y, 0.0, 1.0);
float synthHeight = uPipKind == 0 ? 0.0 : -uDepth * sqrt(1.0 - synthRel * synthRel) * synthPip;
`;

/** After three's normal maps: tilts the normal by the hollow's slope (Mikkelsen's surface-gradient bump). */
export const DIE_NORMAL = /* glsl */ `
if (uPipKind != 0) {
  vec3 sigmaX = dFdx(-vViewPosition);
  vec3 sigmaY = dFdy(-vViewPosition);
  vec3 r1 = cross(sigmaY, normal);
  vec3 r2 = cross(normal, sigmaX);
  float det = dot(sigmaX, r1);
  vec2 dH = vec2(dFdx(synthHeight), dFdy(synthHeight)) * uSize;
  vec3 grad = sign(det) * (dH.x * r1 + dH.y * r2);
  normal = normalize(abs(det) * normal - grad);
}
`;

/** Table surfaces: two colours mixed by the texture's red, shaded by its green. */
export const SURFACE_UNIFORMS = /* glsl */ `
uniform vec3 uColour;
uniform vec3 uColour2;
`;

export const SURFACE_MAP_FRAGMENT = /* glsl */ `
vec4 surf = texture2D(map, vMapUv);
diffuseColor.rgb *= mix(uColour, uColour2, surf.r) * (0.7 + 0.6 * surf.g);
`;
