// Both CJK rules of the site's Markdown (emphasis.js, line-breaks.js) on a marked instance: docsify's,
// in the browser (plugins/site-config.js, through docsify's `markdown` option) and in node
// (docs/src/docsify/docsify-runtime.js). Once per instance: marked.use adds to what was used before.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./emphasis'), require('./line-breaks'));
  else {
    root.CjkMarkdown = root.CjkMarkdown || {};
    root.CjkMarkdown.useMarked = factory(root.CjkMarkdown.emphasis, root.CjkMarkdown.lineBreaks).useMarked;
  }
})(typeof self !== 'undefined' ? self : this, function (emphasis, lineBreaks) {
  'use strict';
  var used = new WeakSet();

  /** marked, with the CJK rules in use (marked: the marked function, with its Tokenizer class). */
  function useMarked(marked) {
    if (!used.has(marked)) {
      used.add(marked);
      marked.use(emphasis.marked(marked.Tokenizer), lineBreaks.marked);
    }
    return marked;
  }

  return { useMarked: useMarked };
});
