// References declared in a JSON schema (issue 29). A field that names a member of a collection of the
// same document (a server, a scenario, a counted case) carries
//   "referenceTo": "/servers/*/id"            (or an array of such collections: any of them, or
//   { "in": "/servers/*/id", "partialRunsMayOmit": true }: see shared/src/reference-check.js)
// and ajv checks it like any other keyword: every validator made with addReferenceKeyword (the bench's
// shared/src/json-schema.js, the history loader through it, the pages' validate.js, and the standalone
// validator the site ships, docs/src/benchmarks/validator-bundle.js) refuses an unknown value with its
// path, the value and the collection. referenceMarks() lists the marks with the data paths they apply
// to, so tests are generated from the schema rather than from a typed list.
'use strict';
const { _, stringify, Name } = require('ajv/dist/2020');
// Not re-exported by ajv's entry points; the codegen module is the one ajv's own keywords use.
const { getProperty } = require('ajv/dist/compile/codegen');
const referenceCheck = require('./reference-check');
const { collectionsOf } = referenceCheck;

const REFERENCE_KEYWORD = 'referenceTo';
// The runtime the generated code calls. In node ajv calls the function itself; ajv's standalone code
// writes require(name) instead, and the validator bundle maps that name to this file.
const REFERENCE_RUNTIME = { name: 'drogon-docs/reference-check', file: require.resolve('./reference-check') };

const COLLECTION = { type: 'string', pattern: '^(/([A-Za-z0-9_-]+|\\*))+$', maxLength: 200 };
const COLLECTIONS = { anyOf: [COLLECTION, { type: 'array', minItems: 1, items: COLLECTION }] };

function runtimeFunction(gen, name) {
  return gen.scopeValue('func', { ref: referenceCheck[name], code: _`require(${REFERENCE_RUNTIME.name})${getProperty(name)}` });
}

/** Teaches an ajv instance the referenceTo keyword (idempotent). */
function addReferenceKeyword(ajv) {
  if (ajv.getKeyword(REFERENCE_KEYWORD)) return ajv;
  ajv.addKeyword({
    keyword: REFERENCE_KEYWORD,
    // No `type`: strict mode would then want one beside every $ref. A value that is neither an id nor
    // an index is the type keyword's error; isKnownReference lets it pass.
    schemaType: ['string', 'array', 'object'],
    metaSchema: { anyOf: [COLLECTIONS, {
      type: 'object', additionalProperties: false, required: ['in', 'partialRunsMayOmit'],
      properties: { in: COLLECTIONS, partialRunsMayOmit: { const: true } },
    }] },
    code(cxt) {
      const known = runtimeFunction(cxt.gen, 'isKnownReference');
      cxt.fail(_`!${known}(${new Name('rootData')}, ${stringify(cxt.schema)}, ${cxt.data})`);
    },
    error: {
      message: (cxt) => _`${runtimeFunction(cxt.gen, 'unknownReferenceMessage')}(${stringify(cxt.schema)}, ${cxt.data})`,
      params: (cxt) => _`{collections: ${stringify(collectionsOf(cxt.schema))}, value: ${cxt.data}}`,
    },
  });
  return ajv;
}

// --- walking the schema ---------------------------------------------------------------------------

const SAME_DATA = ['allOf', 'anyOf', 'oneOf'];
const CONDITIONAL = ['then', 'else'];

function resolveRef(root, ref) {
  if (!ref.startsWith('#/')) throw new Error(`schema references: only local $ref is supported, got ${ref}`);
  return ref.slice(2).split('/').reduce((node, key) => node && node[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
}

/**
 * Calls visit(subschema, { at, name, schemaPath, conditional }) for every subschema that describes data,
 * with `at` the data path pattern ("/scenarios/*\/comparisons/*\/other": "*" for every item or
 * value), `name` the property name that led there (null for items and the root) and `conditional`
 * true under then/else (the subschema applies only to some instances).
 */
function walkSchema(root, visit) {
  const step = (node, where, refs) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    visit(node, where);
    if (typeof node.$ref === 'string') {
      if (refs.includes(node.$ref)) return; // a recursive schema: its marks were seen on the first pass
      step(resolveRef(root, node.$ref), { ...where, schemaPath: node.$ref }, [...refs, node.$ref]);
    }
    for (const [name, sub] of Object.entries(node.properties || {})) {
      step(sub, { ...where, at: `${where.at}/${name}`, name, schemaPath: `${where.schemaPath}/properties/${name}` }, refs);
    }
    if (node.items && typeof node.items === 'object') step(node.items, { ...where, at: `${where.at}/*`, name: null, schemaPath: `${where.schemaPath}/items` }, refs);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      step(node.additionalProperties, { ...where, at: `${where.at}/*`, name: null, schemaPath: `${where.schemaPath}/additionalProperties` }, refs);
    }
    for (const key of SAME_DATA) (node[key] || []).forEach((sub, i) => step(sub, { ...where, schemaPath: `${where.schemaPath}/${key}/${i}` }, refs));
    for (const key of CONDITIONAL) if (node[key]) step(node[key], { ...where, conditional: true, schemaPath: `${where.schemaPath}/${key}` }, refs);
  };
  step(root, { at: '', name: null, schemaPath: '#', conditional: false }, []);
}

/**
 * Every reference mark of a schema: [{ at, collections, schemaPath, conditional }], one per place the
 * keyword is written and per data path it reaches (a definition used in two places gives two).
 */
function referenceMarks(schema) {
  const marks = [];
  walkSchema(schema, (node, where) => {
    if (node[REFERENCE_KEYWORD] === undefined) return;
    const mark = node[REFERENCE_KEYWORD];
    marks.push({ at: where.at, collections: collectionsOf(mark), partialRunsMayOmit: mark.partialRunsMayOmit === true, schemaPath: where.schemaPath, conditional: where.conditional });
  });
  return marks;
}

module.exports = { REFERENCE_KEYWORD, REFERENCE_RUNTIME, addReferenceKeyword, walkSchema, referenceMarks };
