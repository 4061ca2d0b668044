// blobterm-kernel-4x4.js: the move generator of a 4x4 board, written by shape-kernel.ts.
// A position is 1 word a side: m0.. the side to move's blobs, o0.. the other
// side's; e0.. are the empty playable cells. Bit index k = word * 32 + bit. The tables are
// described by KernelTables in shape-kernel.ts.
'use strict';
const { CELL_BIT, IS_JUMP, DISTANCE, PLAYABLE_BIT, ZOBRIST_LO, ZOBRIST_HI, ZOBRIST_CAPTURE_LO, ZOBRIST_CAPTURE_HI, ZOBRIST_SIDE_LO, ZOBRIST_SIDE_HI } = T;
function popcount(x) { x = x - ((x >>> 1) & 0x55555555); x = (x & 0x33333333) + ((x >>> 2) & 0x33333333); return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24; }
const NEIGHBOURS_0 = T.NEIGHBOURS[0], JUMP_TARGETS_0 = T.JUMP_TARGETS[0];
const PLAYABLE_0 = 0xffff | 0, ON_BOARD_0 = 0xffff | 0;
const NOT_FIRST_COLUMN = 0xeeeeeeee | 0, NOT_LAST_COLUMN = 0x77777777 | 0;
let sink = 0;
function generate(bb, base, side, out, outBase, pairs) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
let n = outBase;
if (!pairs) {
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const cell = k; out[n++] = (cell << 8) | cell;
} }
} else {
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const f = fk << 8;
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
out[n++] = f | k;
} }
} }
}
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const f = fk << 8;
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
out[n++] = f | k;
} }
} }
return n - outBase;
}
function generateScored(bb, base, side, out, keys, outBase, gainUnit, table, tableBase) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
const a0 = (o0 << 1) & NOT_FIRST_COLUMN & ON_BOARD_0, c0 = (o0 >>> 1) & NOT_LAST_COLUMN;
const r00 = a0 ^ o0 ^ c0, r10 = (a0 & o0) | (c0 & (a0 ^ o0));
const u00 = (((r00 << 4)) & ON_BOARD_0), u10 = (((r10 << 4)) & ON_BOARD_0), v00 = (((r00 >>> 4)) & ON_BOARD_0), v10 = (((r10 >>> 4)) & ON_BOARD_0);
const s00 = u00 ^ r00, k00 = u00 & r00, s10 = u10 ^ r10 ^ k00, s20 = (u10 & r10) | (k00 & (u10 ^ r10));
const t00 = s00 ^ v00, j00 = s00 & v00, t10 = s10 ^ v10 ^ j00, j10 = (s10 & v10) | (j00 & (s10 ^ v10)), t20 = s20 ^ j10, t30 = s20 & j10;
let n = outBase;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const bit = k - 0, cell = k, move = (cell << 8) | cell; let key = gainUnit * (((((t00 >>> bit) & 1) << 1) | (((t10 >>> bit) & 1) << 2) | (((t20 >>> bit) & 1) << 3) | (((t30 >>> bit) & 1) << 4)) + 1) + table[tableBase + cell * 17]; out[n] = move; keys[n] = key; n++;
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const from = fk, f = from << 8, rowBase = tableBase + from * 16;
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const bit = k - 0, cell = k, move = f | cell; let key = gainUnit * ((((t00 >>> bit) & 1) << 1) | (((t10 >>> bit) & 1) << 2) | (((t20 >>> bit) & 1) << 3) | (((t30 >>> bit) & 1) << 4)) + table[rowBase + cell]; out[n] = move; keys[n] = key; n++;
} }
} }
return n - outBase;
}
function generateScoredPenalized(bb, base, side, out, keys, outBase, gainUnit, table, tableBase) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
const a0 = (o0 << 1) & NOT_FIRST_COLUMN & ON_BOARD_0, c0 = (o0 >>> 1) & NOT_LAST_COLUMN;
const r00 = a0 ^ o0 ^ c0, r10 = (a0 & o0) | (c0 & (a0 ^ o0));
const u00 = (((r00 << 4)) & ON_BOARD_0), u10 = (((r10 << 4)) & ON_BOARD_0), v00 = (((r00 >>> 4)) & ON_BOARD_0), v10 = (((r10 >>> 4)) & ON_BOARD_0);
const s00 = u00 ^ r00, k00 = u00 & r00, s10 = u10 ^ r10 ^ k00, s20 = (u10 & r10) | (k00 & (u10 ^ r10));
const t00 = s00 ^ v00, j00 = s00 & v00, t10 = s10 ^ v10 ^ j00, j10 = (s10 & v10) | (j00 & (s10 ^ v10)), t20 = s20 ^ j10, t30 = s20 & j10;
let n = outBase;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const bit = k - 0, cell = k, move = (cell << 8) | cell; let key = gainUnit * (((((t00 >>> bit) & 1) << 1) | (((t10 >>> bit) & 1) << 2) | (((t20 >>> bit) & 1) << 3) | (((t30 >>> bit) & 1) << 4)) + 1) + table[tableBase + cell * 17]; out[n] = move; keys[n] = key; n++;
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const from = fk, f = from << 8, rowBase = tableBase + from * 16, exposed = popcount(m0 & NEIGHBOURS_0[fk]);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const bit = k - 0, cell = k, move = f | cell, tc = ((((t00 >>> bit) & 1) << 1) | (((t10 >>> bit) & 1) << 2) | (((t20 >>> bit) & 1) << 3) | (((t30 >>> bit) & 1) << 4)); let key = gainUnit * (((tc - exposed) - ((tc - exposed - 2) & ((tc - exposed - 2) >> 31))) & ((0 - tc) >> 31)) + table[rowBase + cell]; out[n] = move; keys[n] = key; n++;
} }
} }
return n - outBase;
}
function firstScored(bb, base, side, table, tableBase) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
const r0 = q0 & e0;
if ((r0) === 0) return -1;
const a0 = (o0 << 1) & NOT_FIRST_COLUMN & ON_BOARD_0, c0 = (o0 >>> 1) & NOT_LAST_COLUMN;
const r00 = a0 ^ o0 ^ c0, r10 = (a0 & o0) | (c0 & (a0 ^ o0));
const u00 = (((r00 << 4)) & ON_BOARD_0), u10 = (((r10 << 4)) & ON_BOARD_0), v00 = (((r00 >>> 4)) & ON_BOARD_0), v10 = (((r10 >>> 4)) & ON_BOARD_0);
const s00 = u00 ^ r00, k00 = u00 & r00, s10 = u10 ^ r10 ^ k00, s20 = (u10 & r10) | (k00 & (u10 ^ r10));
const t00 = s00 ^ v00, j00 = s00 & v00, t10 = s10 ^ v10 ^ j00, j10 = (s10 & v10) | (j00 & (s10 ^ v10)), t20 = s20 ^ j10, t30 = s20 & j10;
let qs0 = s0;
let cms = 0;
{ const z = ((qs0 & t30)) !== 0 ? -1 : 0; cms += 8 & z; qs0 &= t30 | ~z; }
{ const z = ((qs0 & t20)) !== 0 ? -1 : 0; cms += 4 & z; qs0 &= t20 | ~z; }
{ const z = ((qs0 & t10)) !== 0 ? -1 : 0; cms += 2 & z; qs0 &= t10 | ~z; }
{ const z = ((qs0 & t00)) !== 0 ? -1 : 0; cms += 1 & z; qs0 &= t00 | ~z; }
let qr0 = r0;
let cmr = 0;
{ const z = ((qr0 & t30)) !== 0 ? -1 : 0; cmr += 8 & z; qr0 &= t30 | ~z; }
{ const z = ((qr0 & t20)) !== 0 ? -1 : 0; cmr += 4 & z; qr0 &= t20 | ~z; }
{ const z = ((qr0 & t10)) !== 0 ? -1 : 0; cmr += 2 & z; qr0 &= t10 | ~z; }
{ const z = ((qr0 & t00)) !== 0 ? -1 : 0; cmr += 1 & z; qr0 &= t00 | ~z; }
let best = -1, bestKey = -1;
if ((s0) !== 0 && cms === cmr) {
{ let x = qs0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const cell = k, move = (cell << 8) | cell; let key = table[tableBase + cell * 17]; if (key > bestKey) { bestKey = key; best = move; }
} }
return best;
}
const hy0 = (qr0 | ((qr0 << 1) & NOT_FIRST_COLUMN) | ((qr0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const y0 = (hy0 | (hy0 << 4) | (hy0 >>> 4)) & ON_BOARD_0;
const hz0 = (y0 | ((y0 << 1) & NOT_FIRST_COLUMN) | ((y0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const z0 = (hz0 | (hz0 << 4) | (hz0 >>> 4)) & ON_BOARD_0;
{ let x = m0 & z0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const from = fk, f = from << 8, rowBase = tableBase + from * 16;
{ let t = JUMP_TARGETS_0[fk] & qr0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const cell = k, move = f | cell; let key = table[rowBase + cell]; if (key > bestKey) { bestKey = key; best = move; }
} }
} }
return best;
}
function firstScoredPenalized(bb, base, side, table, tableBase, gainUnit) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
const r0 = q0 & e0;
if ((r0) === 0) return -1;
const a0 = (o0 << 1) & NOT_FIRST_COLUMN & ON_BOARD_0, c0 = (o0 >>> 1) & NOT_LAST_COLUMN;
const r00 = a0 ^ o0 ^ c0, r10 = (a0 & o0) | (c0 & (a0 ^ o0));
const u00 = (((r00 << 4)) & ON_BOARD_0), u10 = (((r10 << 4)) & ON_BOARD_0), v00 = (((r00 >>> 4)) & ON_BOARD_0), v10 = (((r10 >>> 4)) & ON_BOARD_0);
const s00 = u00 ^ r00, k00 = u00 & r00, s10 = u10 ^ r10 ^ k00, s20 = (u10 & r10) | (k00 & (u10 ^ r10));
const t00 = s00 ^ v00, j00 = s00 & v00, t10 = s10 ^ v10 ^ j00, j10 = (s10 & v10) | (j00 & (s10 ^ v10)), t20 = s20 ^ j10, t30 = s20 & j10;
let qs0 = s0;
let cms = 0;
{ const z = ((qs0 & t30)) !== 0 ? -1 : 0; cms += 8 & z; qs0 &= t30 | ~z; }
{ const z = ((qs0 & t20)) !== 0 ? -1 : 0; cms += 4 & z; qs0 &= t20 | ~z; }
{ const z = ((qs0 & t10)) !== 0 ? -1 : 0; cms += 2 & z; qs0 &= t10 | ~z; }
{ const z = ((qs0 & t00)) !== 0 ? -1 : 0; cms += 1 & z; qs0 &= t00 | ~z; }
let qr0 = r0;
let cmr = 0;
{ const z = ((qr0 & t30)) !== 0 ? -1 : 0; cmr += 8 & z; qr0 &= t30 | ~z; }
{ const z = ((qr0 & t20)) !== 0 ? -1 : 0; cmr += 4 & z; qr0 &= t20 | ~z; }
{ const z = ((qr0 & t10)) !== 0 ? -1 : 0; cmr += 2 & z; qr0 &= t10 | ~z; }
{ const z = ((qr0 & t00)) !== 0 ? -1 : 0; cmr += 1 & z; qr0 &= t00 | ~z; }
let best = -1, bestKey = -1;
if ((s0) !== 0 && cms === cmr) {
{ let x = qs0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const cell = k, move = (cell << 8) | cell; let key = table[tableBase + cell * 17]; if (key > bestKey) { bestKey = key; best = move; }
} }
return best;
}
{ let x = qs0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const cell = k, move = (cell << 8) | cell; let key = gainUnit * (2 * cms + 1) + table[tableBase + cell * 17]; if (key > bestKey) { bestKey = key; best = move; }
} }
const lim = (s0) !== 0 ? cms : cmr > 0 ? 0 : -1, all = lim >> 31;
let gt0 = 0, eq0 = -1;
{ const bm = -((lim >> 3) & 1); gt0 |= eq0 & t30 & ~bm; eq0 &= ~(t30 ^ bm); }
{ const bm = -((lim >> 2) & 1); gt0 |= eq0 & t20 & ~bm; eq0 &= ~(t20 ^ bm); }
{ const bm = -((lim >> 1) & 1); gt0 |= eq0 & t10 & ~bm; eq0 &= ~(t10 ^ bm); }
{ const bm = -((lim >> 0) & 1); gt0 |= eq0 & t00 & ~bm; eq0 &= ~(t00 ^ bm); }
const jt0 = e0 & (gt0 | all);
const jh0 = (jt0 | ((jt0 << 1) & NOT_FIRST_COLUMN) | ((jt0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const jy0 = (jh0 | (jh0 << 4) | (jh0 >>> 4)) & ON_BOARD_0;
const jg0 = (jy0 | ((jy0 << 1) & NOT_FIRST_COLUMN) | ((jy0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const jz0 = (jg0 | (jg0 << 4) | (jg0 >>> 4)) & ON_BOARD_0;
{ let x = m0 & jz0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
const from = fk, f = from << 8, rowBase = tableBase + from * 16, exposed = popcount(m0 & NEIGHBOURS_0[fk]);
{ let t = JUMP_TARGETS_0[fk] & jt0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const bit = k - 0, cell = k, move = f | cell, tc = ((((t00 >>> bit) & 1) << 1) | (((t10 >>> bit) & 1) << 2) | (((t20 >>> bit) & 1) << 3) | (((t30 >>> bit) & 1) << 4)); let key = gainUnit * (((tc - exposed) - ((tc - exposed - 2) & ((tc - exposed - 2) >> 31))) & ((0 - tc) >> 31)) + table[rowBase + cell]; if (key > bestKey) { bestKey = key; best = move; }
} }
} }
return best;
}
function hasMove(bb, base, side) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
if (((d0 & e0)) !== 0) return true;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
return ((q0 & e0)) !== 0;
}
function make(bb, src, dst, side, move, keys, ksrc, kdst) {
const ms = src + side * 1, os = src + 1 - side * 1, md = dst + side * 1, od = dst + 1 - side * 1;
const to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to], tw = tk >>> 5, tb = 1 << (tk & 31), zs = side * 32;
let lo = keys[ksrc] ^ ZOBRIST_SIDE_LO ^ ZOBRIST_LO[zs + tk], hi = keys[ksrc + 1] ^ ZOBRIST_SIDE_HI ^ ZOBRIST_HI[zs + tk];
let fw = -1, fb = 0, n = 256;
if (from !== to && IS_JUMP[(from << 8) | to] === 1) { const fk = CELL_BIT[from]; fw = fk >>> 5; fb = 1 << (fk & 31); lo ^= ZOBRIST_LO[zs + fk]; hi ^= ZOBRIST_HI[zs + fk]; n = 0; }
{ const o = bb[os + 0], c = o & NEIGHBOURS_0[tk]; let m = bb[ms + 0] | c;
m = (m | (tw === 0 ? tb : 0)) ^ (fw === 0 ? fb : 0);
bb[md + 0] = m; bb[od + 0] = o ^ c;
if (c !== 0) { n += popcount(c); let x = c; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
lo ^= ZOBRIST_CAPTURE_LO[k]; hi ^= ZOBRIST_CAPTURE_HI[k];
} } }
keys[kdst] = lo; keys[kdst + 1] = hi;
return n;
}
function makeBoard(bb, src, dst, side, move) {
const ms = src + side * 1, os = src + 1 - side * 1, md = dst + side * 1, od = dst + 1 - side * 1;
const to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to], tw = tk >>> 5, tb = 1 << (tk & 31);
let fw = -1, fb = 0, n = 256;
if (from !== to && IS_JUMP[(from << 8) | to] === 1) { const fk = CELL_BIT[from]; fw = fk >>> 5; fb = 1 << (fk & 31); n = 0; }
{ const o = bb[os + 0], c = o & NEIGHBOURS_0[tk]; let m = bb[ms + 0] | c;
m = (m | (tw === 0 ? tb : 0)) ^ (fw === 0 ? fb : 0);
bb[md + 0] = m; bb[od + 0] = o ^ c;
if (c !== 0) n += popcount(c); }
return n;
}
function isLegal(bb, base, side, move) {
if (move < 0 || move > 0xffff) return false;
const to = move & 255, from = (move >>> 8) & 255;
if (to >= 16 || from >= 16) return false;
const mo = base + side * 1, oo = base + 1 - side * 1, tk = CELL_BIT[to], tw = tk >>> 5;
if (PLAYABLE_BIT[tk] === 0 || ((bb[mo + tw] | bb[oo + tw]) & (1 << (tk & 31))) !== 0) return false;
if (from === to) return ((NEIGHBOURS_0[tk] & bb[mo + 0])) !== 0;
const fk = CELL_BIT[from], d = DISTANCE[(from << 8) | to];
return (d === 1 || d === 2) && (bb[mo + (fk >>> 5)] & (1 << (fk & 31))) !== 0;
}
function gains(bb, base, side, moves, mBase, n, out, oBase, shift, jumpPenalty) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
for (let i = 0; i < n; i++) {
const move = moves[mBase + i], to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to];
let g = popcount(o0 & NEIGHBOURS_0[tk]);
if (from === to || IS_JUMP[(from << 8) | to] === 0) { out[oBase + i] = (2 * g + 1) << shift; continue; }
const fk = CELL_BIT[from], tc = 2 * g;
const exposed = jumpPenalty * (popcount(m0 & NEIGHBOURS_0[fk]));
out[oBase + i] = (((tc - exposed) - ((tc - exposed - 2) & ((tc - exposed - 2) >> 31))) & ((0 - tc) >> 31)) << shift;
}
}
function exposure(bb, base, side) {
const mo = base + side * 1, oo = base + 1 - side * 1;
const m0 = bb[mo + 0] | 0, o0 = bb[oo + 0] | 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const he0 = (e0 | ((e0 << 1) & NOT_FIRST_COLUMN) | ((e0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const de0 = (he0 | (he0 << 4) | (he0 >>> 4)) & ON_BOARD_0;
return popcount(de0 & o0) - popcount(de0 & m0);
}
function perftBulk(m0, o0, d) {
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
let total = 0;
if (d === 1) {
let n = popcount(s0);
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
n += popcount(JUMP_TARGETS_0[fk] & e0);
} }
return n;
}
const dd = d - 1;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftBulk(o0 ^ c0, (m0 | b | c0), dd);
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftBulk(o0 ^ c0, ((m0 ^ fb) | b | c0), dd);
} }
} }
return total;
}
function perftBulkPairs(m0, o0, d) {
const e0 = PLAYABLE_0 & ~(m0 | o0);
let total = 0;
if (d === 1) {
let n = 0;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
n += popcount(JUMP_TARGETS_0[fk] & e0) + popcount(NEIGHBOURS_0[fk] & e0);
} }
return n;
}
const dd = d - 1;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftBulkPairs(o0 ^ c0, (m0 | b | c0), dd);
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftBulkPairs(o0 ^ c0, ((m0 ^ fb) | b | c0), dd);
} }
} }
return total;
}
function perftMade(m0, o0, d) {
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const s0 = d0 & e0;
let total = 0;
if (d === 1) {
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ (m0 | b | c0); total++;
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ ((m0 ^ fb) | b | c0); total++;
} }
} }
return total;
}
const dd = d - 1;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftMade(o0 ^ c0, (m0 | b | c0), dd);
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftMade(o0 ^ c0, ((m0 ^ fb) | b | c0), dd);
} }
} }
return total;
}
function perftMadePairs(m0, o0, d) {
const e0 = PLAYABLE_0 & ~(m0 | o0);
let total = 0;
if (d === 1) {
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ (m0 | b | c0); total++;
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ ((m0 ^ fb) | b | c0); total++;
} }
} }
return total;
}
const dd = d - 1;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftMadePairs(o0 ^ c0, (m0 | b | c0), dd);
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += perftMadePairs(o0 ^ c0, ((m0 ^ fb) | b | c0), dd);
} }
} }
return total;
}
function ataxxBulk(m0, o0, clock, d) {
if ((m0) === 0 || (o0) === 0 || clock >= 100) return 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
if (((q0 & e0)) === 0) {
const ho0 = (o0 | ((o0 << 1) & NOT_FIRST_COLUMN) | ((o0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const do0 = (ho0 | (ho0 << 4) | (ho0 >>> 4)) & ON_BOARD_0;
const go0 = (do0 | ((do0 << 1) & NOT_FIRST_COLUMN) | ((do0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const qo0 = (go0 | (go0 << 4) | (go0 >>> 4)) & ON_BOARD_0;
if (((qo0 & e0)) === 0) return 0;
if (d === 1) { return 1; }
return ataxxBulk(o0, m0, clock + 1, d - 1);
}
const s0 = d0 & e0;
let total = 0;
if (d === 1) {
let n = popcount(s0);
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
n += popcount(JUMP_TARGETS_0[fk] & e0);
} }
return n;
}
const dd = d - 1, jc = clock + 1;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxBulk(o0 ^ c0, (m0 | b | c0), 0, dd);
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxBulk(o0 ^ c0, ((m0 ^ fb) | b | c0), jc, dd);
} }
} }
return total;
}
function ataxxBulkPairs(m0, o0, clock, d) {
if ((m0) === 0 || (o0) === 0 || clock >= 100) return 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
if (((q0 & e0)) === 0) {
const ho0 = (o0 | ((o0 << 1) & NOT_FIRST_COLUMN) | ((o0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const do0 = (ho0 | (ho0 << 4) | (ho0 >>> 4)) & ON_BOARD_0;
const go0 = (do0 | ((do0 << 1) & NOT_FIRST_COLUMN) | ((do0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const qo0 = (go0 | (go0 << 4) | (go0 >>> 4)) & ON_BOARD_0;
if (((qo0 & e0)) === 0) return 0;
if (d === 1) { return 1; }
return ataxxBulkPairs(o0, m0, clock + 1, d - 1);
}
let total = 0;
if (d === 1) {
let n = 0;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
n += popcount(JUMP_TARGETS_0[fk] & e0) + popcount(NEIGHBOURS_0[fk] & e0);
} }
return n;
}
const dd = d - 1, jc = clock + 1;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxBulkPairs(o0 ^ c0, (m0 | b | c0), 0, dd);
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxBulkPairs(o0 ^ c0, ((m0 ^ fb) | b | c0), jc, dd);
} }
} }
return total;
}
function ataxxMade(m0, o0, clock, d) {
if ((m0) === 0 || (o0) === 0 || clock >= 100) return 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
if (((q0 & e0)) === 0) {
const ho0 = (o0 | ((o0 << 1) & NOT_FIRST_COLUMN) | ((o0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const do0 = (ho0 | (ho0 << 4) | (ho0 >>> 4)) & ON_BOARD_0;
const go0 = (do0 | ((do0 << 1) & NOT_FIRST_COLUMN) | ((do0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const qo0 = (go0 | (go0 << 4) | (go0 >>> 4)) & ON_BOARD_0;
if (((qo0 & e0)) === 0) return 0;
if (d === 1) { sink ^= o0 ^ m0; return 1; }
return ataxxMade(o0, m0, clock + 1, d - 1);
}
const s0 = d0 & e0;
let total = 0;
if (d === 1) {
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ (m0 | b | c0); total++;
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ ((m0 ^ fb) | b | c0); total++;
} }
} }
return total;
}
const dd = d - 1, jc = clock + 1;
{ let x = s0; while (x !== 0) { const b = x & -x; x ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxMade(o0 ^ c0, (m0 | b | c0), 0, dd);
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxMade(o0 ^ c0, ((m0 ^ fb) | b | c0), jc, dd);
} }
} }
return total;
}
function ataxxMadePairs(m0, o0, clock, d) {
if ((m0) === 0 || (o0) === 0 || clock >= 100) return 0;
const e0 = PLAYABLE_0 & ~(m0 | o0);
const h0 = (m0 | ((m0 << 1) & NOT_FIRST_COLUMN) | ((m0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const d0 = (h0 | (h0 << 4) | (h0 >>> 4)) & ON_BOARD_0;
const g0 = (d0 | ((d0 << 1) & NOT_FIRST_COLUMN) | ((d0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const q0 = (g0 | (g0 << 4) | (g0 >>> 4)) & ON_BOARD_0;
if (((q0 & e0)) === 0) {
const ho0 = (o0 | ((o0 << 1) & NOT_FIRST_COLUMN) | ((o0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const do0 = (ho0 | (ho0 << 4) | (ho0 >>> 4)) & ON_BOARD_0;
const go0 = (do0 | ((do0 << 1) & NOT_FIRST_COLUMN) | ((do0 >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_0;
const qo0 = (go0 | (go0 << 4) | (go0 >>> 4)) & ON_BOARD_0;
if (((qo0 & e0)) === 0) return 0;
if (d === 1) { sink ^= o0 ^ m0; return 1; }
return ataxxMadePairs(o0, m0, clock + 1, d - 1);
}
let total = 0;
if (d === 1) {
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ (m0 | b | c0); total++;
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
sink ^= o0 ^ c0 ^ ((m0 ^ fb) | b | c0); total++;
} }
} }
return total;
}
const dd = d - 1, jc = clock + 1;
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = NEIGHBOURS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxMadePairs(o0 ^ c0, (m0 | b | c0), 0, dd);
} }
} }
{ let x = m0; while (x !== 0) { const fb = x & -x; x ^= fb; const fk = 31 - Math.clz32(fb);
{ let t = JUMP_TARGETS_0[fk] & e0; while (t !== 0) { const b = t & -t; t ^= b; const k = 31 - Math.clz32(b);
const c0 = o0 & NEIGHBOURS_0[k];
total += ataxxMadePairs(o0 ^ c0, ((m0 ^ fb) | b | c0), jc, dd);
} }
} }
return total;
}
function perft(bb, side, depth, pairs, made) {
if (depth <= 0) return 1;
const mo = side * 1, oo = 1 - mo;
if (made) return pairs ? perftMadePairs(bb[mo + 0] | 0, bb[oo + 0] | 0, depth) : perftMade(bb[mo + 0] | 0, bb[oo + 0] | 0, depth);
return pairs ? perftBulkPairs(bb[mo + 0] | 0, bb[oo + 0] | 0, depth) : perftBulk(bb[mo + 0] | 0, bb[oo + 0] | 0, depth);
}
function perftAtaxx(bb, side, clock, depth, pairs, made) {
if (depth <= 0) return 1;
const mo = side * 1, oo = 1 - mo;
if (made) return pairs ? ataxxMadePairs(bb[mo + 0] | 0, bb[oo + 0] | 0, clock, depth) : ataxxMade(bb[mo + 0] | 0, bb[oo + 0] | 0, clock, depth);
return pairs ? ataxxBulkPairs(bb[mo + 0] | 0, bb[oo + 0] | 0, clock, depth) : ataxxBulk(bb[mo + 0] | 0, bb[oo + 0] | 0, clock, depth);
}
return { generate, generateScored, generateScoredPenalized, firstScored, firstScoredPenalized, hasMove, make, makeBoard, isLegal, gains, exposure, perft, perftAtaxx };
//# sourceURL=blobterm-kernel-4x4.js
