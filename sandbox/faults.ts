/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
// Fault injection: the next N requests matching a method/path/query get a status, a delay or a dropped connection.
import type { FaultSpec, FaultState } from './types';
import { badRequest, globToRegExp, isPlainObject } from './util';

interface CompiledFault extends FaultState {
	re: RegExp;
}

const KNOWN = [
	'method',
	'path',
	'pathRegex',
	'query',
	'origin',
	'times',
	'status',
	'retryAfter',
	'body',
	'headers',
	'latencyMs',
	'drop',
	'contentType',
];

export class Faults {
	private list: CompiledFault[] = [];
	private counter = 0;
	injected = 0;

	add(spec: FaultSpec): string {
		if (!isPlainObject(spec as unknown)) throw badRequest('A fault must be an object');
		const unknown = Object.keys(spec).filter((k) => !KNOWN.includes(k));
		if (unknown.length)
			throw badRequest(
				`Unknown fault field(s): ${unknown.join(', ')}; allowed: ${KNOWN.join(', ')}`,
			);
		if (
			spec.status !== undefined &&
			!(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
		) {
			throw badRequest('Fault status must be an integer HTTP status (100-599)');
		}
		if (spec.times !== undefined && !(Number.isInteger(spec.times) && spec.times >= 1))
			throw badRequest('Fault times must be a positive integer');
		if (
			spec.latencyMs !== undefined &&
			!(typeof spec.latencyMs === 'number' && spec.latencyMs >= 0 && spec.latencyMs <= 600_000)
		) {
			throw badRequest('Fault latencyMs must be a number of milliseconds between 0 and 600000');
		}
		if (spec.origin !== undefined && !['api', 'upload', 'any'].includes(spec.origin))
			throw badRequest('Fault origin must be api, upload or any');
		if (
			spec.query !== undefined &&
			(!isPlainObject(spec.query) || Object.values(spec.query).some((v) => typeof v !== 'string'))
		) {
			throw badRequest('Fault query must be an object of string values');
		}
		if (spec.status === undefined && spec.latencyMs === undefined && !spec.drop) {
			throw badRequest('A fault needs at least one of status, latencyMs or drop');
		}
		if (spec.path !== undefined && typeof spec.path !== 'string')
			throw badRequest('Fault path must be a glob string');
		let re: RegExp;
		try {
			re =
				spec.pathRegex !== undefined ? new RegExp(spec.pathRegex) : globToRegExp(spec.path ?? '*');
		} catch (error) {
			throw badRequest(
				`Fault pathRegex is not a valid regular expression: ${(error as Error).message}`,
			);
		}
		const id = `fault-${++this.counter}`;
		const times = spec.times ?? 1;
		this.list.push({ ...spec, id, remaining: times, hits: 0, re });
		return id;
	}

	/** The first fault matching this request (consumed), or undefined. */
	take(
		origin: 'api' | 'upload',
		method: string,
		path: string,
		query: URLSearchParams,
	): FaultState | undefined {
		for (let i = 0; i < this.list.length; i++) {
			const f = this.list[i];
			if (f.origin && f.origin !== 'any' && f.origin !== origin) continue;
			if (f.method && f.method !== '*' && f.method.toUpperCase() !== method) continue;
			if (!f.re.test(path)) continue;
			if (f.query && Object.entries(f.query).some(([k, v]) => query.get(k) !== v)) continue;
			f.remaining--;
			f.hits++;
			if (f.remaining <= 0) this.list.splice(i, 1);
			this.injected++;
			return f;
		}
		return undefined;
	}

	all(): FaultState[] {
		return this.list.map(({ re: _re, ...rest }) => ({ ...rest }));
	}

	clear(): void {
		this.list = [];
	}
}
