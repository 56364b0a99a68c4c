// The error of the guide stage: a page's directive or block that cannot be built, named by page and line.
'use strict';

class GuideError extends Error {
  constructor(where, message) {
    super(`${where}: ${message}`);
    this.name = 'GuideError';
  }
}

module.exports = { GuideError };
