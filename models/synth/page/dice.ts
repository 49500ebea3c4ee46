/**
 * A die as three.js draws it: a RoundedBoxGeometry (its six face groups tell the label pass the
 * faces apart); a physical material whose colour comes from the body pattern and pips computed
 * in the shader from the die's own coordinates (shaders.ts); for a translucent die, an inner
 * shell drawn from behind so the pips of the far faces show faintly through the body.
 */
import { BackSide, Color, Group, Mesh, MeshPhysicalMaterial, MeshStandardMaterial, Quaternion, Vector3, type BufferGeometry } from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import type { DieSpec } from '../scene/spec.ts';
import { BODY_CODE, DIE_BODY, DIE_MAP_FRAGMENT, DIE_NORMAL, DIE_PIPS, DIE_UNIFORMS, NOISE } from './shaders.ts';

function dieGeometry(size: number, radius: number): BufferGeometry {
  const segments = radius < size * 0.03 ? 1 : radius < size * 0.12 ? 2 : 3;
  return new RoundedBoxGeometry(size, size, size, segments, Math.max(radius, size * 0.004));
}

export interface DieMeshes {
  group: Group;
  /** The body, with one material group per face (for the label pass). */
  body: Mesh;
  dispose(): void;
}

/**
 * Standard (not physical) material unless the die is translucent: on SwiftShader every shading
 * feature costs compile time and time a pixel, and a clear coat adds little a camera would see.
 */
function dieMaterial(spec: DieSpec, inner: boolean): MeshStandardMaterial {
  const { body, pips } = spec;
  const translucent = body.kind === 'translucent' && !inner;
  const options = {
    color: 0xffffff,
    roughness: body.kind === 'pearl' ? body.roughness * 0.6 : body.roughness,
    metalness: body.kind === 'metallic' ? 0.9 : 0,
    side: inner ? BackSide : undefined,
  };
  const m = translucent ? new MeshPhysicalMaterial(options) : new MeshStandardMaterial(options);
  if (m instanceof MeshPhysicalMaterial) {
    m.transmission = body.transmission;
    // Thin and clear enough that light crossing the die keeps it bright, as in real resin dice.
    m.thickness = spec.size * 0.5;
    m.ior = 1.5;
    m.attenuationColor = new Color(body.colour);
    m.attenuationDistance = spec.size * 1.5;
  }
  const uniforms = {
    uBodyKind: { value: BODY_CODE[body.kind] },
    uColour: { value: new Color(body.kind === 'translucent' && !inner ? '#ffffff' : body.colour) },
    uColour2: { value: new Color(body.colour2) },
    uPipColour: { value: new Color(pips.colour) },
    uAltColour: { value: new Color('#c01010') },
    uPattern: { value: body.pattern / spec.size },
    uOffset: { value: new Vector3((body.seed % 97) * 0.37, (body.seed % 89) * 0.41, (body.seed % 83) * 0.29) },
    uSize: { value: spec.size },
    uFaces: { value: spec.faces },
    uTurns: { value: spec.turns },
    uPipRadius: { value: pips.size / 2 },
    uSpread: { value: pips.spread },
    uOne: { value: ['plain', 'big', 'red', 'logo'].indexOf(pips.one) },
    uPipKind: { value: inner ? 0 : ['painted', 'engraved', 'engraved-plain'].indexOf(pips.kind) },
    uDepth: { value: pips.depth * 0.06 },
  };
  if (body.kind === 'translucent' && !inner) uniforms.uColour.value.lerp(new Color(body.colour), 0.5);
  m.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vObjPos;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvObjPos = position;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${DIE_UNIFORMS}\n${NOISE}\n${DIE_PIPS}\n${DIE_BODY}`)
      .replace('#include <map_fragment>', DIE_MAP_FRAGMENT)
      .replace('#include <normal_fragment_maps>', `#include <normal_fragment_maps>\n${DIE_NORMAL}`)
      // Paint is opaque: the pips of a translucent die let no light through.
      .replace('material.transmission = transmission;', 'material.transmission = transmission * (1.0 - synthPip);');
  };
  m.customProgramCacheKey = () => 'synth-die';
  return m;
}

export function dieMeshes(spec: DieSpec): DieMeshes {
  const geometry = dieGeometry(spec.size, spec.radius);
  const material = dieMaterial(spec, false);
  const group = new Group();
  group.position.set(...spec.position);
  group.quaternion.copy(new Quaternion(...spec.quaternion));
  const body = new Mesh(geometry, material);
  body.castShadow = true;
  body.receiveShadow = true;
  group.add(body);
  if (spec.body.kind === 'translucent') {
    const innerMaterial = dieMaterial(spec, true);
    const inner = new Mesh(geometry, innerMaterial);
    inner.scale.setScalar(0.94);
    inner.userData.labelHidden = true;
    group.add(inner);
  }
  return {
    group,
    body,
    dispose() {
      // Materials are left to the garbage collector: disposing one would free its shader
      // program, and recompiling it for the next frame costs seconds on SwiftShader.
      geometry.dispose();
    },
  };
}
