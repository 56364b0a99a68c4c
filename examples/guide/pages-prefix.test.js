// Every guide page (the tutorial steps' pages among them), followed word for word with Drogon in a prefix of the reader's own
// (`bash build-drogon.sh $HOME/drogon`; nothing on the PATH but what the Installation page adds), by the
// page runner (page-runner/run-page.js): each page's commands in order, in a copy of its chapter's
// folder, on a machine of its own, its outputs compared with what the page shows.
'use strict';
const { followEveryPage } = require('./page-runner/follow-pages');

followEveryPage('prefix');
