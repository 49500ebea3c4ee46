/**
 * Dice with numerals, not pips (../scene/props.ts `poly-die`): a d6 with numerals or a d4, d8, d10,
 * d12, d20, lying on one face. The body is a flat-faced polyhedron; each face carries its numeral
 * as a decal just above it (a d4 its three corner numbers), drawn on a canvas in the ink colour.
 */
import { Color, Group, Matrix4, Mesh, MeshPhysicalMaterial, MeshStandardMaterial, PlaneGeometry, Quaternion, Vector3 } from 'three';
import { createRng } from '../../../engine/core/rng.ts';
import { bodyGeometry, facesOf, type Face } from '../scene/poly-geometry.ts';
import type { PolySides, PropSpec } from '../scene/spec.ts';
import { canvas, colourTexture } from './materials.ts';

type PolyDie = Extract<PropSpec, { kind: 'poly-die' }>;

function bodyMaterial(p: PolyDie): MeshStandardMaterial {
  switch (p.look) {
    case 'metallic':
      return new MeshStandardMaterial({ color: new Color(p.colour), metalness: 0.9, roughness: 0.3 });
    case 'translucent': {
      const m = new MeshPhysicalMaterial({ color: new Color(p.colour).lerp(new Color('#ffffff'), 0.4), roughness: 0.08, transmission: 0.75, thickness: p.size * 0.5, ior: 1.5 });
      m.attenuationColor = new Color(p.colour);
      m.attenuationDistance = p.size * 1.5;
      return m;
    }
    case 'marbled': {
      const r = createRng(p.seed);
      const [c, ctx] = canvas(256, 256);
      ctx.fillStyle = p.colour;
      ctx.fillRect(0, 0, 256, 256);
      ctx.filter = 'blur(3px)';
      ctx.strokeStyle = p.vein;
      for (let i = 0; i < 14; i++) {
        ctx.globalAlpha = 0.4 + 0.5 * r.next();
        ctx.lineWidth = 3 + 14 * r.next();
        ctx.beginPath();
        ctx.moveTo(r.next() * 256, r.next() * 256);
        ctx.bezierCurveTo(r.next() * 256, r.next() * 256, r.next() * 256, r.next() * 256, r.next() * 256, r.next() * 256);
        ctx.stroke();
      }
      const m = new MeshStandardMaterial({ map: colourTexture(c), roughness: 0.35 });
      return m;
    }
    case 'solid':
      return new MeshStandardMaterial({ color: new Color(p.colour), roughness: 0.4 });
  }
}

/** One numeral (or a d4 face's three) on a transparent square canvas, up = towards the canvas top. */
function numeralCanvas(texts: string[], ink: string, ornate: boolean, d4: boolean): HTMLCanvasElement {
  const s = 128;
  const [c, ctx] = canvas(s, s);
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const px = d4 ? 30 : texts[0].length > 1 ? 52 : 70;
  ctx.font = ornate ? `italic bold ${px}px DejaVu Serif, serif` : `bold ${px}px DejaVu Sans, sans-serif`;
  texts.forEach((text, i) => {
    ctx.save();
    ctx.translate(s / 2, s / 2);
    ctx.rotate((2 * Math.PI * i) / texts.length);
    const y = d4 ? -s * 0.27 : 0;
    ctx.fillText(text, 0, y);
    // 6 and 9 (and 66, 99 on a d20's like) carry a bar under them, so they are told apart.
    if (/^[69]$/.test(text)) ctx.fillRect(-px * 0.25, y + px * 0.42, px * 0.5, px * 0.07);
    ctx.restore();
  });
  if (ornate && !d4) {
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(s / 2, s / 2, s * 0.44, 0, 2 * Math.PI);
    ctx.stroke();
    for (const dx of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(s / 2 + dx * s * 0.34, s / 2, s * 0.03, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  return c;
}

/** The numbers a die's faces show (face i of `sides`): 1..n, a d10 0..9 or its tens 00..90. */
function faceTexts(sides: PolySides, seed: number): string[] {
  if (sides === 10) return Array.from({ length: 10 }, (_, i) => (seed % 3 === 0 ? `${i}0` : String(i)));
  return Array.from({ length: sides }, (_, i) => String(i + 1));
}

export function polyDie(p: PolyDie): { object: Group; owned: { dispose(): void }[] } {
  const owned: { dispose(): void }[] = [];
  const geometry = bodyGeometry(p.sides, p.size);
  owned.push(geometry);
  const die = new Group();
  const body = new Mesh(geometry, bodyMaterial(p));
  body.castShadow = true;
  body.receiveShadow = true;
  die.add(body);
  const material = body.material as MeshStandardMaterial;
  if (material.map) owned.push(material.map);

  const faces = facesOf(geometry);
  const texts = faceTexts(p.sides, p.seed);
  // A d4 reads by its corners: each vertex carries one number, shown on the three faces that meet there.
  const cornerKey = (v: Vector3) => v.toArray().map((x) => x.toFixed(3)).join(',');
  const cornerNumber = new Map<string, string>();
  if (p.sides === 4) faces.flatMap((f) => f.corners).forEach((v) => cornerNumber.has(cornerKey(v)) || cornerNumber.set(cornerKey(v), String(cornerNumber.size + 1)));
  faces.forEach((f, i) => {
    const up = f.corners[0].clone().sub(f.centre);
    const reach = Math.min(...f.corners.map((v) => v.distanceTo(f.centre)));
    const inradius = reach * Math.cos(Math.PI / f.corners.length);
    const labels = p.sides === 4 ? f.corners.map((v) => cornerNumber.get(cornerKey(v))!) : [texts[i % texts.length]];
    if (p.sides === 4) {
      // The corner numbers go round the face from corner 0, each pointing at its corner.
      const sorted = sortRound(f, up);
      labels.splice(0, labels.length, ...sorted.map((v) => cornerNumber.get(cornerKey(v))!));
    }
    const tex = colourTexture(numeralCanvas(labels, p.colour2, p.ornate, p.sides === 4));
    owned.push(tex);
    const side = (p.sides === 4 ? 2 * reach : 2.2 * inradius) * (p.sides === 6 ? 0.8 : 1);
    const plane = new PlaneGeometry(side, side);
    owned.push(plane);
    const decal = new Mesh(plane, new MeshStandardMaterial({ map: tex, transparent: true, depthWrite: false, roughness: 0.4, metalness: p.look === 'metallic' ? 0.6 : 0, polygonOffset: true, polygonOffsetFactor: -2 }));
    const y = up.clone().normalize();
    const x = new Vector3().crossVectors(y, f.normal).normalize();
    decal.quaternion.setFromRotationMatrix(new Matrix4().makeBasis(x, y, f.normal));
    decal.position.copy(f.centre).addScaledVector(f.normal, 0.02);
    die.add(decal);
  });

  // Lie on face `rest`: its normal turned straight down, the lowest corner on the table.
  const rest = faces[p.rest % faces.length];
  die.quaternion.copy(new Quaternion().setFromUnitVectors(rest.normal, new Vector3(0, -1, 0)));
  let low = Infinity;
  const pos = geometry.getAttribute('position');
  for (let k = 0; k < pos.count; k++) low = Math.min(low, new Vector3().fromBufferAttribute(pos, k).applyQuaternion(die.quaternion).y);
  die.position.y = -low;
  const object = new Group();
  object.add(die);
  return { object, owned };
}

/** A d4 face's corners in turn round its centre, starting at `up`'s corner (the canvas's turn order). */
function sortRound(f: Face, up: Vector3): Vector3[] {
  const y = up.clone().normalize();
  const x = new Vector3().crossVectors(y, f.normal).normalize();
  const angle = (v: Vector3) => {
    const d = v.clone().sub(f.centre);
    // Clockwise from up as the canvas turns (its y runs down): atan2 of (x, y) in the face's frame.
    return (Math.atan2(d.dot(x), d.dot(y)) + 2 * Math.PI) % (2 * Math.PI);
  };
  return [...f.corners].sort((a, b) => angle(a) - angle(b));
}
