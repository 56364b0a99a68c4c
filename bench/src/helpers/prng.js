'use strict';
// A small seeded pseudo-random generator (mulberry32: 32-bit state, full period 2^32) and what the bench
// draws from it: the shuffled server order of each round and the bootstrap resamples. Seeded, so a
// recorded seed reproduces every order and every confidence interval. Not for anything secret.
const { randomInt } = require('node:crypto');

const UINT32 = 2 ** 32;

function checkSeed(seed) {
  if (!Number.isInteger(seed) || seed < 0 || seed >= UINT32) throw new Error(`seed must be a whole number from 0 to ${UINT32 - 1}, got ${seed}`);
  return seed;
}

// mulberry32 (Tommy Ettinger, public domain): returns a function giving floats in [0, 1).
function mulberry32(seed) {
  let state = checkSeed(seed) >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  };
}

// FNV-1a, 32 bit: turns a name into a number, so each scenario gets its own stream from one seed.
function fnv1a32(text) {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(String(text), 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

// The generator of one named stream (a scenario id, a sweep level): the same seed and name always
// give the same sequence, whatever else the run does before it.
function streamFor(seed, name) {
  return mulberry32((checkSeed(seed) ^ fnv1a32(name)) >>> 0);
}

// Integer in [0, n) from a generator.
function randomIndex(random, n) {
  return Math.floor(random() * n);
}

// Fisher-Yates on a copy.
function shuffled(items, random) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function newSeed() {
  return randomInt(0, UINT32);
}

const STREAM_DERIVATION = 'one mulberry32 stream per scenario (and per sweep level): seed XOR FNV-1a-32 of its id';

module.exports = { mulberry32, fnv1a32, streamFor, shuffled, randomIndex, newSeed, checkSeed, STREAM_DERIVATION };
