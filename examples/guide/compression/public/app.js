// A static file of the compression example: plain JavaScript, about 2 KiB, served from ./public.
// Drogon sends it compressed on the fly, or sends app.js.gz / app.js.br when they exist.
'use strict';

const api = {
  text: (size) => fetch(`/text/${size}`).then((res) => res.text()),
  account: (query) => fetch(`/account?q=${encodeURIComponent(query)}`).then((res) => res.text()),
};

function formatBytes(count) {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KiB`;
  return `${(count / 1024 / 1024).toFixed(1)} MiB`;
}

function describeResponse(res, body) {
  const encoding = res.headers.get('content-encoding') || 'identity';
  const length = res.headers.get('content-length');
  return `${res.status} ${res.statusText}: ${formatBytes(body.length)} of text, sent as ${encoding}` +
    (length ? ` (${formatBytes(Number(length))} on the wire)` : '');
}

async function measure(size) {
  const res = await fetch(`/text/${size}`);
  const body = await res.text();
  return describeResponse(res, body);
}

function renderRow(table, cells) {
  const row = document.createElement('tr');
  for (const cell of cells) {
    const td = document.createElement('td');
    td.textContent = cell;
    row.appendChild(td);
  }
  table.appendChild(row);
}

async function renderTable(table, sizes) {
  for (const size of sizes) {
    try {
      renderRow(table, [String(size), await measure(size)]);
    } catch (err) {
      renderRow(table, [String(size), `failed: ${err.message}`]);
    }
  }
}

function start() {
  const table = document.querySelector('#sizes');
  if (!table) return;
  // Below 1024 bytes Drogon sends text as it is; from 1024 bytes on it compresses.
  renderTable(table, [100, 1023, 1024, 4000, 64000]);
  const form = document.querySelector('#search');
  if (form) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const query = new FormData(form).get('q') || '';
      document.querySelector('#result').textContent = await api.account(String(query));
    });
  }
}

document.addEventListener('DOMContentLoaded', start);
