// TCP connections as the kernel sees them (/proc/net/tcp and tcp6), and which program holds each
// (/proc/<pid>/fd), for tests that count connections. A count read right after an answer races the
// peer: Drogon closes a connection just after it answers, and a client destroyed after its answer
// closes its own a moment later. So a test counts the sockets of one program (its process group),
// never every socket on a port, and waits until the count reaches what it expects (waitForCount in
// waiting.js).
'use strict';
const fs = require('node:fs');
const { groupMembers } = require('../../../shared/src/proc-stats');

// The kernel's state codes (include/net/tcp_states.h).
const STATES = {
  '01': 'ESTABLISHED', '02': 'SYN_SENT', '03': 'SYN_RECV', '04': 'FIN_WAIT1', '05': 'FIN_WAIT2', '06': 'TIME_WAIT',
  '07': 'CLOSE', '08': 'CLOSE_WAIT', '09': 'LAST_ACK', '0A': 'LISTEN', '0B': 'CLOSING',
};

// "0100007F:1F90" -> { address: '7f000001' (hex as the kernel prints it), port: 8080 }
function endpoint(text) {
  const [address, port] = text.split(':');
  return { address, port: parseInt(port, 16) };
}

/** Every TCP socket of the machine: [{ local, remote, state, inode }] (local/remote: { address, port }). */
function tcpSockets() {
  const sockets = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if (err.code === 'ENOENT') continue; // no IPv6 on this machine
      throw err;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      sockets.push({ local: endpoint(f[1]), remote: endpoint(f[2]), state: STATES[f[3]] || f[3], inode: f[9] });
    }
  }
  return sockets;
}

/** The inodes of the sockets the processes of group `pgid` hold open (Set; .unreadable counts the
 *  processes whose fd table this user may not read). */
function socketInodesOfGroup(pgid) {
  const inodes = new Set();
  inodes.unreadable = 0;
  for (const pid of groupMembers(pgid)) {
    let fds;
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch (err) {
      if (err.code === 'EACCES') inodes.unreadable += 1;
      continue; // else exited meanwhile
    }
    for (const fd of fds) {
      let target;
      try { target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { continue; } // closed meanwhile
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m) inodes.add(m[1]);
    }
  }
  return inodes;
}

/**
 * How many TCP sockets the program (anything with a pgid: startProgram, startBackground) holds open,
 * in `state` (default ESTABLISHED; 'any': every state but LISTEN, i.e. every connection the program
 * has not closed yet), optionally only those whose far end is port `remotePort` or whose own end is
 * port `localPort`.
 */
function connectionsOf(program, { remotePort, localPort, state = 'ESTABLISHED' } = {}) {
  if (!Number.isInteger(program && program.pgid)) throw new Error('connectionsOf: expected a started program (with a pgid)');
  const held = socketInodesOfGroup(program.pgid);
  return tcpSockets().filter((s) => held.has(s.inode) && (state === 'any' ? s.state !== 'LISTEN' : s.state === state)
    && (remotePort === undefined || s.remote.port === remotePort)
    && (localPort === undefined || s.local.port === localPort)).length;
}

/**
 * Whether group `pgid` listens on TCP port `port` (on any address): true or false, or null when this
 * user may not read the fd table of a process of the group (it runs as another user).
 */
function groupListensOn(pgid, port) {
  const held = socketInodesOfGroup(pgid);
  if (tcpSockets().some((s) => s.state === 'LISTEN' && s.local.port === port && held.has(s.inode))) return true;
  return held.unreadable > 0 ? null : false;
}

module.exports = { tcpSockets, socketInodesOfGroup, connectionsOf, groupListensOn };
