import { generateTree } from './bench/audit.bench.ts';
import { runAudit } from './src/audit/index.ts';
const t = generateTree({ lines: 1_000_000, files: 10_000, candidates: 0.01, mixed: true });
for (let i = 0; i < 3; i++) await runAudit({ root: t.dir });
const { Session } = await import('node:inspector/promises');
const s = new Session(); s.connect();
await s.post('Profiler.enable'); await s.post('Profiler.start');
for (let i = 0; i < 3; i++) { const t0 = Date.now(); const r = await runAudit({ root: t.dir }); console.log(Date.now() - t0, r.summary.candidates, JSON.stringify(r.summary.phases)); }
const { profile } = await s.post('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas; const samples = profile.samples;
for (let i = 0; i < samples.length; i++) { const n: any = byId.get(samples[i]); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + dt[i] / 1000); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`).join('\n'));
