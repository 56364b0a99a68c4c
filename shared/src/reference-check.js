// What the schema's `referenceTo` keyword checks (shared/schema-references.js declares it): a field
// marked with a collection, e.g. "/servers/*/id", must hold one of the values found there in the same
// document ("*": every item of an array or every value of an object), or, for a number, be an index
// into the array the collection names (e.g. "/pooled/runs"). A mark is a collection, an
// array of collections (any of them), or { "in": collection(s), "partialRunsMayOmit": true } for the
// bench's configured reference, which a partial run (method.complete false, e.g. --servers without
// it) names without measuring it. It runs inside ajv's validator in node and inside the standalone
// copy the site ships for a reader's own file, so it requires nothing and uses no node API.
'use strict';

// The nodes at a collection pattern: "/servers/*/id" -> every servers[i].id there is.
function nodesAt(root, pattern) {
  var nodes = [root];
  var keys = pattern.split('/').slice(1);
  for (var k = 0; k < keys.length; k++) {
    var key = keys[k];
    var next = [];
    for (var n = 0; n < nodes.length; n++) {
      var node = nodes[n];
      if (node === null || typeof node !== 'object') continue;
      if (key === '*') {
        var items = Array.isArray(node) ? node : Object.keys(node).map(function (name) { return node[name]; });
        for (var i = 0; i < items.length; i++) next.push(items[i]);
      } else if (Object.prototype.hasOwnProperty.call(node, key)) {
        next.push(node[key]);
      }
    }
    nodes = next;
  }
  return nodes;
}

// The ids at a collection pattern: "/servers/*/id" -> every servers[i].id that is a string.
function valuesAt(root, pattern) {
  return nodesAt(root, pattern).filter(function (v) { return typeof v === 'string'; });
}

function collectionsOf(mark) {
  var collections = typeof mark === 'object' && !Array.isArray(mark) ? mark.in : mark;
  return Array.isArray(collections) ? collections : [collections];
}

function partialRun(root) {
  return root !== null && typeof root === 'object' && root.method !== null && typeof root.method === 'object' && root.method.complete === false;
}

/** Whether `value` is one of the values of the mark's collection(s) in `root` (ajv's rootData). */
function isKnownReference(root, mark, value) {
  if (mark.partialRunsMayOmit === true && partialRun(root)) return true;
  var collections = collectionsOf(mark);
  for (var c = 0; c < collections.length; c++) {
    if (typeof value === 'number') {
      // An index into the list the collection names ("/pooled/runs").
      var lists = nodesAt(root, collections[c]).filter(Array.isArray);
      if (lists.length === 0) return true; // no list there: a number is the type keyword's error
      if (lists.some(function (list) { return value >= 0 && value < list.length && Math.floor(value) === value; })) return true;
    } else if (typeof value !== 'string') {
      return true; // neither id nor index: the type keyword's error
    } else if (valuesAt(root, collections[c]).indexOf(value) >= 0) {
      return true;
    }
  }
  return false;
}

// "/servers/*/id" -> "server", "/instructions/cases/*/id" -> "case": the word a reader knows.
function memberName(pattern) {
  var keys = pattern.split('/');
  var star = keys.indexOf('*');
  var name = star > 0 ? keys[star - 1] : keys[keys.length - 1];
  return name.replace(/s$/, '');
}

var SHOWN_CHARACTERS = 100;

/** ajv's message for an unknown reference: the kind, the value (at most 100 characters) and where it was looked for. */
function unknownReferenceMessage(mark, value) {
  var collections = collectionsOf(mark);
  var kinds = collections.map(memberName).filter(function (kind, i, all) { return all.indexOf(kind) === i; });
  var text = typeof value === 'string' && value.length > SHOWN_CHARACTERS ? value.slice(0, SHOWN_CHARACTERS) + '…' : value;
  var what = typeof value === 'number' ? ' index ' : ' id ';
  return 'unknown ' + kinds.join(' or ') + what + JSON.stringify(text) + ' (not in ' + collections.join(' or ') + ')';
}

module.exports = { nodesAt: nodesAt, valuesAt: valuesAt, collectionsOf: collectionsOf, isKnownReference: isKnownReference, unknownReferenceMessage: unknownReferenceMessage };
