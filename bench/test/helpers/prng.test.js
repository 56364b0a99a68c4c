'use strict';
// The seeded generator behind the round orders and the bootstrap: known answers, reproducibility,
// and that a shuffle is a permutation whose orders all occur.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mulberry32, fnv1a32, streamFor, shuffled, checkSeed } = require('../../src/helpers/prng');

test('mulberry32 gives the outputs of the C reference implementation', () => {
  // Computed with the reference C code (state += 0x6D2B79F5; z = (z ^ z >> 15) * (z | 1);
  // z ^= z + (z ^ z >> 7) * (z | 61); return z ^ z >> 14), compiled with gcc on this machine.
  const expected = {
    0: [1144304738, 1416247, 958946056, 627933444],
    1: [2693262067, 11749833, 2265367787, 4213581821],
    123456789: [1107202814, 4169434471, 3372958138, 885470128],
    4294967295: [3850105811, 813802916, 3073704848, 4054706436],
  };
  for (const [seed, words] of Object.entries(expected)) {
    const next = mulberry32(Number(seed));
    assert.deepEqual(words.map(() => next() * 2 ** 32), words, `seed ${seed}`);
  }
});

test('FNV-1a 32 test vectors', () => {
  assert.equal(fnv1a32(''), 0x811c9dc5);
  assert.equal(fnv1a32('a'), 0xe40c292c);
  assert.equal(fnv1a32('foobar'), 0xbf9cf968);
});

test('seeds outside uint32 are refused with the field named', () => {
  for (const bad of [-1, 2 ** 32, 1.5, Number.NaN, '7']) assert.throws(() => mulberry32(bad), /seed must be a whole number from 0 to 4294967295/);
  assert.equal(checkSeed(4294967295), 4294967295);
});

test('the same seed and stream name give the same round orders; another seed or name gives others', () => {
  const servers = ['drogon', 'nginx-module', 'nginx-return'];
  const orders = (seed, name) => {
    const random = streamFor(seed, name);
    return Array.from({ length: 8 }, () => shuffled(servers, random));
  };
  assert.deepEqual(orders(42, 'pipelined-c256'), orders(42, 'pipelined-c256'));
  assert.notDeepEqual(orders(42, 'pipelined-c256'), orders(43, 'pipelined-c256'));
  assert.notDeepEqual(orders(42, 'pipelined-c256'), orders(42, 'pipelined-c1024'));
});

test('a shuffle is a permutation, leaves its input alone, and every order of 3 turns up about equally', () => {
  const items = ['a', 'b', 'c'];
  const random = mulberry32(2026);
  const counts = new Map();
  for (let i = 0; i < 6000; i++) {
    const order = shuffled(items, random);
    assert.deepEqual([...order].sort(), items);
    counts.set(order.join(''), (counts.get(order.join('')) || 0) + 1);
  }
  assert.deepEqual(items, ['a', 'b', 'c']);
  assert.equal(counts.size, 6);
  for (const [order, n] of counts) assert.ok(n > 850 && n < 1150, `${order}: ${n} of 6000 (expected about 1000)`);
});
