import cluster, { type Worker } from 'node:cluster';
import { translate } from '@mutirao/core';
import type { Config } from './config';

/*
 * `WEB_PROCESSES=N` on PostgreSQL: one command serves HTTP from N processes, so a page view uses every core. Node's
 * cluster shares the listening socket: the first process accepts connections and hands each one to a web process in
 * turn (round robin; a kept-alive connection stays with its process). Each web process is a whole app with its own
 * page cache and host lookups, told of edits by NOTIFY like separate machines would be (docs/scaling.md). The first
 * process serves nothing itself: with PROCESS_ROLE=all it runs the jobs, with PROCESS_ROLE=web it only supervises.
 */

/** Set in each web process's environment: which of the N it is (0 prints the start-up banner). */
export const WEB_INDEX_ENV = 'MUTIRAO_WEB_INDEX';

/** A process that dies this soon after it started, before serving, is a configuration error: restarting cannot help. */
const FAILED_START_MS = 10_000;
const RESTART_DELAY_MS = 1_000;

export interface WebProcesses {
  /** Resolves with the port once every web process listens. Rejects if one failed to start. */
  ready: Promise<number>;
  /** Asks each web process to stop (they finish requests in flight) and resolves when all have exited. */
  stop(): Promise<void>;
}

/** Is this the first process of a `WEB_PROCESSES` command, which forks the web processes rather than serving? */
export const supervisesWebProcesses = (config: Config) =>
  cluster.isPrimary && config.webProcesses > 1 && config.processRole !== 'worker';

/** Forks `config.webProcesses` web processes and keeps that many running until `stop`. */
export function startWebProcesses(config: Config): WebProcesses {
  const t = (key: string, params?: Record<string, string | number>) => translate(config.language, key, params);
  let stopping = false;
  const live = new Set<Worker>();
  let settle: { resolve: (port: number) => void; reject: (error: Error) => void } | undefined;
  const ready = new Promise<number>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let listening = 0;

  const fork = (index: number) => {
    const started = Date.now();
    const worker = cluster.fork({ PROCESS_ROLE: 'web', [WEB_INDEX_ENV]: String(index) });
    let served = false;
    live.add(worker);
    worker.once('listening', (address) => {
      served = true;
      listening += 1;
      if (listening === config.webProcesses) settle?.resolve(address.port);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) return;
      if (!served && Date.now() - started < FAILED_START_MS) {
        settle?.reject(
          new Error(t('database.webProcessFailed', { pid: worker.process.pid ?? '?', code: code ?? signal })),
        );
        return;
      }
      console.error(t('database.webProcessRestarted', { pid: worker.process.pid ?? '?', code: code ?? signal }));
      setTimeout(() => {
        if (!stopping) fork(index);
      }, RESTART_DELAY_MS).unref();
    });
  };
  for (let i = 0; i < config.webProcesses; i++) fork(i);

  return {
    ready,
    stop() {
      stopping = true;
      const exits = [...live].map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
      for (const w of live) w.process.kill('SIGTERM');
      return Promise.all(exits).then(() => undefined);
    },
  };
}
