'use strict';
// Reads CPU time and peak memory of processes from /proc (Linux). A server is all processes of its
// process group (nginx: master + workers), so every figure is taken over the whole group.
const { readFileSync, readdirSync, readlinkSync, writeFileSync } = require('node:fs');
const { execFileSync } = require('node:child_process');

let ticksPerSecond;
function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number.parseInt(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), 10) || 100;
    } catch {
      ticksPerSecond = 100; // USER_HZ on every Linux architecture Debian ships
    }
  }
  return ticksPerSecond;
}

// /proc/<pid>/stat: "pid (comm) state ppid pgrp ... utime stime ..."; comm may contain spaces and ')'.
function parseStat(text) {
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  return {
    comm,
    state: fields[0],
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    userTicks: Number(fields[11]), // utime: user space, all threads of the process
    systemTicks: Number(fields[12]), // stime: in the kernel on the process's behalf
    startTicks: Number(fields[19]), // starttime: clock ticks after boot
  };
}

function readStat(pid) {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // gone
  }
}

// Live (non-zombie) processes whose process group is pgid.
function groupMembers(pgid) {
  const members = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat && stat.pgrp === pgid && stat.state !== 'Z') members.push(Number(name));
  }
  return members;
}

// Open sockets of the processes (each process's fd table counted once; threads share it). A process
// that has gone or hides its fds counts 0.
function openSocketCount(pids) {
  let count = 0;
  for (const pid of pids) {
    let fds;
    try { fds = readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      try { if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) count++; } catch { /* closed meanwhile */ }
    }
  }
  return count;
}

function readPeakRssBytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return line ? Number.parseInt(line.split(/\s+/)[1], 10) * 1024 : 0;
  } catch {
    return 0;
  }
}

// Writing 5 to clear_refs resets VmHWM to the current RSS (Linux >= 4.0), so the peak is per run.
function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// pid -> { user, system } CPU ticks for every process of the group now.
function cpuTicksOfGroup(pgid) {
  const ticks = new Map();
  for (const pid of groupMembers(pgid)) {
    const stat = readStat(pid);
    if (stat) ticks.set(pid, { user: stat.userTicks, system: stat.systemTicks });
  }
  return ticks;
}

// { user, system } CPU seconds the group used between two snapshots; a process started in between
// counts from 0.
function cpuSplitBetween(before, after) {
  let user = 0;
  let system = 0;
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { user: 0, system: 0 };
    user += Math.max(0, now.user - then.user);
    system += Math.max(0, now.system - then.system);
  }
  return { user: user / clockTicksPerSecond(), system: system / clockTicksPerSecond() };
}

// CPU seconds (user + system) the group used between two snapshots.
function cpuSecondsBetween(before, after) {
  const { user, system } = cpuSplitBetween(before, after);
  return user + system;
}

// Peak RSS of a server = sum of VmHWM over its processes (nginx master + workers; Drogon: one process).
function peakRssOfGroup(pgid) {
  return groupMembers(pgid).reduce((sum, pid) => sum + readPeakRssBytes(pid), 0);
}

function resetPeakRssOfGroup(pgid) {
  return groupMembers(pgid).map(resetPeakRss).every(Boolean);
}

// Per-CPU time from /proc/stat: cpu -> { total, idle, irq } in ticks (idle includes iowait; irq
// includes softirq, where the kernel does much of loopback TCP, outside any process's CPU time).
function readCpuTimes() {
  const times = new Map();
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m) continue;
    const v = m[2].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user/nice)
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    times.set(Number(m[1]), { total, idle: v[3] + v[4], irq: v[5] + v[6] });
  }
  return times;
}

// "0-3,8,10-11" -> [0,1,2,3,8,10,11]
function parseCpuList(list) {
  const cpus = [];
  for (const part of list.trim().split(',').filter(Boolean)) {
    const [from, to] = part.split('-').map((n) => Number.parseInt(n, 10));
    if (!Number.isInteger(from) || (to !== undefined && !Number.isInteger(to))) throw new Error(`bad CPU list "${list}"`);
    for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
  }
  return cpus;
}

// Over the given CPUs between two snapshots: busy = fraction of time they did anything (any process,
// any kernel work); irq = fraction spent in interrupt + softirq handling. null without data.
function cpuShares(before, after, cpus) {
  let total = 0;
  let idle = 0;
  let irq = 0;
  for (const cpu of cpus) {
    const a = before.get(cpu);
    const b = after.get(cpu);
    if (!a || !b) return null;
    total += b.total - a.total;
    idle += b.idle - a.idle;
    irq += b.irq - a.irq;
  }
  if (total <= 0) return null;
  return { busy: Math.min(1, Math.max(0, (total - idle) / total)), irq: Math.min(1, Math.max(0, irq / total)) };
}

// Does the kernel account interrupt/softirq time apart from the interrupted process
// (CONFIG_IRQ_TIME_ACCOUNTING)? If not, tick-based accounting charges it to the running process's
// system time, so adding /proc/stat's irq+softirq to process time would count it twice.
// 'separate' | 'in-process-time' | 'unknown' (no kernel config readable: then nothing is added).
function softirqAccounting(release = require('node:os').release()) {
  let config = '';
  try {
    config = readFileSync(`/boot/config-${release}`, 'utf8');
  } catch {
    try { config = require('node:zlib').gunzipSync(readFileSync('/proc/config.gz')).toString('utf8'); } catch { return 'unknown'; }
  }
  return /^CONFIG_IRQ_TIME_ACCOUNTING=y$/m.test(config) ? 'separate' : 'in-process-time';
}

module.exports = {
  readCpuTimes, cpuShares, softirqAccounting, parseCpuList,
  parseStat, readStat, groupMembers, openSocketCount, readPeakRssBytes, cpuTicksOfGroup, cpuSecondsBetween, cpuSplitBetween,
  peakRssOfGroup, resetPeakRssOfGroup, clockTicksPerSecond,
};
