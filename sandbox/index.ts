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
// Programmatic entry point of the e-signature sandbox: `startSandbox(options)`.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { registerApi } from './api';
import { createControl } from './control';
import { Core } from './core';
import { Faults } from './faults';
import { readProfile } from './profile';
import { Router, Stats, createRequestHandler } from './http';
import { RequestLog } from './requestLog';
import { seedContracts } from './seed';
import { SANDBOX_ACCOUNT, Sessions } from './sessions';
import { registerControl } from './routes/control';
import { registerProtectedFiles, registerUploads } from './routes/files';
import { registerSessionRoutes } from './routes/sessions';
import { registerSigningPage } from './routes/signingPage';
import type { Sandbox, SandboxOptions } from './sandboxTypes';
import type { RequestHook } from './types';
import { sha256Hex } from './util';
import { Variants } from './variants';
import { Webhooks } from './webhooks';

export * from './types';
export * from './sandboxTypes';
export { TEMPLATES } from './templates';
export { CREATE_V2_ERRORS, MX_STATES } from './api/createV2Body';
export { VARIANTS, PARTICIPANT_STATUS_NAMES } from './variants';
export { PROFILE_KIND, readProfile, type ProfileOptions } from './profile';
export { SANDBOX_ACCOUNT, TOKEN_ERRORS, type IssuedToken, type SessionStats } from './sessions';
export { TRATO_TEXTS } from './tratoTexts';
export { WEBHOOK_EVENTS, type DeliveryRecord, type WebhookSettings } from './webhookTypes';

function listen(server: Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const onError = (error: Error) => reject(error);
		server.once('error', onError);
		server.listen(port, host, () => {
			server.off('error', onError);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		if (!server.listening) {
			resolve();
			return;
		}
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = options.host ?? '127.0.0.1';
	const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	const port = options.port ?? 4010;
	const uploadPort = options.uploadPort ?? (port === 0 ? 0 : port + 1);
	const apiKey = options.apiKey ?? `sk_sandbox_${randomBytes(16).toString('hex')}`;
	const jwtSecret = options.jwtSecret ?? sha256Hex(`trato-sandbox-jwt:${apiKey}`);
	const requestLogPath = options.requestLog ?? process.env.TRATO_SANDBOX_REQUEST_LOG;
	const credits = {
		shield1: options.credits?.shield1 ?? 100,
		shield2: options.credits?.shield2 ?? 100,
	};
	const latency = { ms: options.latencyMs ?? 0 };
	const seed = options.seed ?? 0;
	const profile = options.profile === undefined ? undefined : readProfile(options.profile);
	const variants = Variants.parse([...(profile?.variants ?? []), ...(options.variants ?? [])]);

	const core = new Core({
		now: options.now ?? (() => new Date()),
		jwtSecret,
		fileProtection: options.fileProtection ?? false,
		credits,
		dataFile: options.dataFile,
	});
	core.variants = variants;
	core.dataFile?.load();
	if (seed > 0 && core.store.contracts.size === 0) seedContracts(core, seed);

	const webhooks = new Webhooks(
		core,
		options.webhookSecret ?? `whsec_sandbox_${randomBytes(12).toString('hex')}`,
	);
	core.observer = webhooks;

	const faults = new Faults();
	const hooks: { request?: RequestHook } = {};
	const stats = new Stats();
	const log = requestLogPath ? new RequestLog(requestLogPath) : undefined;
	const sessions = new Sessions(
		{
			email: options.account?.email,
			password: options.account?.password,
			ttlSeconds: options.tokenTtlSeconds ?? profile?.tokenTtlSeconds,
		},
		{ jwtSecret, now: () => core.now() },
	);
	const auth = {
		apiKey,
		jwtSecret,
		now: () => core.now(),
		checkJwt: (claims: unknown) => sessions.checkJwt(claims),
	};

	const signJwt = (claims: object = {}, o: { expiresInSeconds?: number } = {}): string => {
		const iat = Math.floor(core.now().getTime() / 1000);
		const exp = iat + (o.expiresInSeconds ?? 24 * 3600);
		return jwt.sign({ sub: 'sandbox-user', iat, exp, ...claims }, jwtSecret, {
			algorithm: 'HS256',
		});
	};

	const control = createControl({
		core,
		faults,
		stats,
		latency,
		hooks,
		webhooks,
		initial: {
			credits,
			latencyMs: latency.ms,
			fileProtection: core.fileProtection,
			seed,
			variants,
		},
	});

	// control.reset() also ends the sessions and restores the start ttl
	const resetControl = control.reset.bind(control);
	control.reset = () => {
		resetControl();
		sessions.reset();
	};

	const apiRouter = new Router((method, pattern) => core.variants.removes(method, pattern));
	registerApi(apiRouter, core, sessions);
	registerProtectedFiles(apiRouter, core);
	registerSigningPage(apiRouter, core);
	registerSessionRoutes(apiRouter, sessions);
	registerControl(apiRouter, control, {
		baseUrl: () => core.baseUrl,
		uploadUrl: () => core.uploadUrl,
		signJwt,
	});
	const uploadRouter = new Router();
	registerUploads(uploadRouter, core);

	const common = {
		auth,
		faults,
		log,
		stats,
		latency: () => latency.ms,
		beforeRequest: () => core.lifecycle.sweepExpiry(),
		requestHook: () => hooks.request,
	};
	const apiServer = createServer(
		{ keepAlive: true },
		createRequestHandler({
			...common,
			router: apiRouter,
			origin: 'api',
			refusalStatus: (status) => core.variants.refusalStatus(status),
		}),
	);
	const uploadServer = createServer(
		{ keepAlive: true },
		createRequestHandler({ ...common, router: uploadRouter, origin: 'upload' }),
	);

	// Node's HTTP clients keep an idle connection for 5 s and reuse it; a server closing idle ones after about the same
	// time resets some just as they are reused (ECONNRESET). Idle connections are kept well past a client's idle time.
	for (const server of [apiServer, uploadServer]) server.keepAliveTimeout = 65_000;

	try {
		const apiPort = await listen(apiServer, port, host);
		const filesPort = await listen(uploadServer, uploadPort, host);
		core.baseUrl = `http://${urlHost}:${apiPort}`;
		core.uploadUrl = `http://${urlHost}:${filesPort}`;
	} catch (error) {
		await Promise.all([closeServer(apiServer), closeServer(uploadServer)]);
		throw error;
	}

	let closing: Promise<void> | undefined;
	return {
		baseUrl: core.baseUrl,
		uploadUrl: core.uploadUrl,
		apiKey,
		jwt: signJwt(),
		signJwt,
		account: {
			email: sessions.email,
			password: options.account?.password ?? SANDBOX_ACCOUNT.password,
		},
		sessions,
		control,
		routes: () => apiRouter.list(),
		close() {
			closing ??= (async () => {
				webhooks.close();
				await Promise.all([closeServer(apiServer), closeServer(uploadServer)]);
				await core.dataFile?.flush();
			})();
			return closing;
		},
	};
}
