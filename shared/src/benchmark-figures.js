'use strict';
// Every figure function of shared/src/figures/ in one object, for the generator's modules that have not
// moved to their subject's figure module yet (this file goes once they have).
const lookup = require('./figures/results-lookup');
const verdicts = require('./figures/verdict-figures');
const scenarios = require('./figures/scenario-figures');
const sweep = require('./figures/sweep-figures');
const counts = require('./figures/count-figures');
const json = require('./figures/json-figures');
const fixedRate = require('./figures/fixed-rate-figures');
const validation = require('./figures/results-validation');

const { reader, ...all } = Object.assign({}, lookup, verdicts, scenarios, sweep, counts, json, fixedRate, validation);

module.exports = all;
