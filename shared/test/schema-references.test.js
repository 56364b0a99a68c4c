'use strict';
// The referenceTo keyword (shared/src/schema-references.js) and the rule that keeps it complete:
// a field of bench/results.schema.json whose name, description or type says it holds an id carries a
// reference mark, unless it is the id of a collection's member itself.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const Ajv2020 = require('ajv/dist/2020').default;
const { walkSchema, referenceMarks, addReferenceKeyword, REFERENCE_KEYWORD } = require('../src/schema-references');

const schemaPath = join(__dirname, '..', '..', 'bench', 'results.schema.json');
const loadSchema = () => JSON.parse(readFileSync(schemaPath, 'utf8'));

// What makes a field an id: its name (server, reference, other, *Id, ...), its description, or its
// type (the schema's id definition, or the id pattern written out).
const ID_NAMES = /^(server|servers|reference|other|scenario|scenarios|slowestServer|block|order|case|cases|variant|variants)$|Ids?$|(Server|Scenario|Case|Variant)s?$/;
const ID_WORDS = /\bids?\b/i;
// ... or a number that is an index into a list of the file ("indexes into pooled.runs"; a list that
// others "index into this list" is the collection itself).
const INDEX_WORDS = /\bindex(es)? into (?!this\b)/i;
const ID_PATTERN = '^[a-z0-9-]+$';
// Id-shaped fields that name no member of this file, and why. Nothing else may go unmarked.
const NOT_REFERENCES = {
  '/scenarios/*/results/*/notes/*/code': 'the kind of a note: a key of the pages\' string tables (docs/benchmarks/strings.*.json), not a member of this file',
};

/**
 * Every data path of the schema that holds an id and is no collection member's own id:
 * [{ at, why, marked }]. For an array of ids the path is its items' ("/conformance/servers/*").
 */
function idFields(schema) {
  const paths = new Map();
  walkSchema(schema, (node, where) => {
    if (!paths.has(where.at)) paths.set(where.at, { at: where.at, names: new Set(), descriptions: [], string: false, idTyped: false, marked: false });
    const field = paths.get(where.at);
    if (where.name) field.names.add(where.name);
    if (node.description) field.descriptions.push(node.description);
    if ([].concat(node.type || []).includes('string')) field.string = true;
    if (node.$ref === '#/$defs/id' || node.pattern === ID_PATTERN) field.idTyped = true;
    if (node[REFERENCE_KEYWORD] !== undefined) field.marked = true;
  });
  const out = [];
  for (const field of paths.values()) {
    if (field.descriptions.some((d) => INDEX_WORDS.test(d))) {
      const target = paths.get(`${field.at}/*`) || field; // an array of indexes: its items
      out.push({ at: target.at, why: 'its description (an index)', marked: target.marked });
      continue;
    }
    if (!field.string) continue;
    // An item of an array is named by its array ("/conformance/servers/*" is one of "servers").
    const name = field.names.size ? [...field.names][0] : paths.get(field.at.replace(/\/\*$/, ''))?.names.values().next().value;
    if (name === 'id') continue; // a member's own id: the collection, not a reference to it
    const why = [ID_NAMES.test(name || '') && `its name (${name})`, field.descriptions.some((d) => ID_WORDS.test(d)) && 'its description',
      field.idTyped && 'its type (an id)'].filter(Boolean);
    if (why.length) out.push({ at: field.at, why: why.join(', '), marked: field.marked });
  }
  return out;
}

function unmarked(schema) {
  return idFields(schema).filter((f) => !f.marked && !NOT_REFERENCES[f.at]);
}

test('every field of the results schema that holds an id is marked as a reference to its collection', () => {
  const schema = loadSchema();
  const fields = idFields(schema);
  assert.ok(fields.length >= 25, `${fields.length} id fields found: the walk reaches the whole schema`);
  assert.deepEqual(unmarked(schema).map((f) => `${f.at} (${f.why})`), []);
  // The exemptions are fields that exist and are unmarked: a stale entry is an error too.
  for (const at of Object.keys(NOT_REFERENCES)) assert.ok(fields.some((f) => f.at === at && !f.marked), `${at} is not an unmarked id field`);
});

test('the rule fails for a field whose mark is taken away, and for a new id field without one', () => {
  const marks = referenceMarks(loadSchema());
  for (const at of new Set(marks.map((m) => m.at))) {
    // Remove every mark reaching this data path (a conditional one has siblings for other cases).
    const schema = loadSchema();
    walkSchema(schema, (node, where) => { if (where.at === at) delete node[REFERENCE_KEYWORD]; });
    assert.ok(unmarked(schema).some((f) => f.at === at), `${at}: unmarked, but the rule did not notice`);
  }
  const schema = loadSchema();
  schema.$defs.summary.properties.fastestServer = { description: 'the fastest', $ref: '#/$defs/nonEmpty' };
  schema.$defs.comparison.properties.baselineId = { type: 'string', maxLength: 100 };
  schema.$defs.note.properties.about = { description: 'the scenario id this note is about', type: 'string', maxLength: 100 };
  assert.deepEqual(unmarked(schema).map((f) => f.at).sort(), [
    '/scenarios/*/comparisons/*/baselineId', '/scenarios/*/results/*/notes/*/about', '/scenarios/*/results/*/summary/fastestServer',
  ]);
});

test('referenceMarks lists every mark with the data path it applies to', () => {
  const marks = referenceMarks(loadSchema());
  const at = (path) => marks.filter((m) => m.at === path);
  assert.deepEqual(at('/instructions/cases/*/comparisons/*/other').map((m) => m.collections), [['/servers/*/id']]);
  assert.deepEqual(at('/fixedRate/groups/*/basis/scenario').map((m) => m.collections), [['/scenarios/*/id']]);
  assert.deepEqual(at('/scenarios/*/rounds/*/order/*').map((m) => m.collections), [['/servers/*/id']]);
  // A server exit's block names a scenario or a counted case, by its part.
  assert.deepEqual(at('/serverExits/*/block').map((m) => [m.collections[0], m.conditional]),
    [['/scenarios/*/id', true], ['/instructions/cases/*/id', true], ['/syscalls/cases/*/id', true]]);
  assert.equal(at('/method/bootstrap/reference')[0].partialRunsMayOmit, true);
  assert.equal(at('/scenarios/*/comparisons/*/other')[0].partialRunsMayOmit, false);
});

test('the keyword in a small schema: known, unknown, collections by pattern, partial runs, a bad mark', () => {
  const ajv = addReferenceKeyword(new Ajv2020({ allErrors: true, strict: true }));
  assert.equal(addReferenceKeyword(ajv), ajv, 'adding it twice is harmless');
  const validate = ajv.compile({
    type: 'object',
    properties: {
      method: { type: 'object', properties: { complete: { type: 'boolean' }, reference: { type: 'string', [REFERENCE_KEYWORD]: { in: '/servers/*/id', partialRunsMayOmit: true } } } },
      servers: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      levels: { type: 'object', additionalProperties: { type: 'object', properties: { id: { type: 'string' } } } },
      uses: { type: 'array', items: { type: 'string', [REFERENCE_KEYWORD]: ['/servers/*/id', '/levels/*/id'] } },
      count: { type: 'integer', [REFERENCE_KEYWORD]: '/servers/*/id' },
    },
  });
  const doc = { method: { reference: 'a' }, servers: [{ id: 'a' }, { id: 'b' }], levels: { low: { id: 'l1' } }, uses: ['a', 'l1'], count: 3 };
  assert.equal(validate(doc), true, JSON.stringify(validate.errors));
  doc.uses.push('zz');
  doc.method.reference = 'gone';
  assert.equal(validate(doc), false);
  assert.deepEqual(validate.errors.map((e) => [e.instancePath, e.message, e.params.value]), [
    ['/method/reference', 'unknown server id "gone" (not in /servers/*/id)', 'gone'],
    ['/uses/2', 'unknown server or level id "zz" (not in /servers/*/id or /levels/*/id)', 'zz'],
  ]);
  doc.method.complete = false; // a partial run may name the configured reference without measuring it
  assert.equal(validate(doc), false);
  assert.deepEqual(validate.errors.map((e) => e.instancePath), ['/uses/2']);
  assert.throws(() => ajv.compile({ type: 'string', [REFERENCE_KEYWORD]: 'servers' }), /referenceTo/);
  assert.throws(() => ajv.compile({ type: 'string', [REFERENCE_KEYWORD]: { in: '/servers/*/id' } }), /referenceTo/);
});
