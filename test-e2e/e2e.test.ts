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
/**
 * End-to-end: the built pack (package.json + dist/) inside a real n8n, loaded as an installed community package, run
 * against a sandbox started for the test. For each n8n version (E2E_N8N=1,2 by default):
 *  - the example workflows run with `n8n execute` and their results are checked in the output and in the sandbox;
 *  - a bad input stops the workflow with the node's clear error, before any request;
 *  - the trigger in a running n8n (`n8n start`, example 3 active, polling every minute) fires exactly once when the
 *    sandbox signs a contract, and its last node leaves a custom property on that contract;
 *  - the instant trigger in a running n8n: one execution per sandbox delivery (`signed` per participant, then
 *    `signed-all`; no `event` in the body, the slot's URL tells it) with the payload and eventId in its output; a
 *    wrong or missing secret (401), a body that is not JSON or names no contract (400), an event not chosen, a
 *    delivery naming no event and TRATO's test delivery (200) start nothing; form fields start like JSON; filters
 *    drop what does not match; example 5 e-mails the signed PDF its trigger downloaded, and a repeat of that
 *    delivery starts nothing, also after a restart of n8n.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';

import JSZip from 'jszip';

import {
	N8N_VERSIONS,
	credentialData,
	tratoCredential,
	installN8nAsync,
	type N8nInstall,
	NODE_TYPE,
	TRIGGER_TYPE,
	n8nMajors,
	nodeOutput,
	type N8nMajor,
	type RunItem,
} from '../test-support/n8n/n8n';
import { emailPasswordInRealN8n } from './session';
import { SSRF_ENV, ssrfBlockedFileUrl, startStallCase, type StallCase } from './stall';
import { batchInRealN8n, remindersInRealN8n } from './batch';
import { externalIdWorkflow, overlappingDeliveriesSendOne } from './externalId';
import { waitForSignaturesInRealN8n } from './waitForSignatures';
import { bothTriggersInRealN8n } from './bothTriggers';
import {
	apiRequests,
	assertSucceeded,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	EXAMPLES,
	exampleFile,
	readWorkflow,
	startE2eEnv,
	type E2eEnv,
	type Workflow,
} from './env';
import {
	ALL_EVENTS,
	INSTANT_NODE,
	eventUrl,
	eventUrls,
	instantWorkflow,
	INSTANT_TRIGGER_TYPE,
	productionUrl,
	waitRegistered,
} from './webhook';
import { smtpCredential, startSmtpSink, type SmtpSink } from '../test-support/n8n/smtp';
import type { StoredCredential } from '../test-support/n8n/running';
import type { Sandbox } from '../sandbox';
import { startFileServer } from '../test-support/fileServer';
import { makeDocx } from '../test-support/files';
import { LEASE_TEMPLATE } from '../test-support/templates';

const MAJORS = n8nMajors(process.env.E2E_N8N);

/** The bytes of a binary property of an output item (inline Base64, or n8n's filesystem binary store). */
function binaryBytes(e: E2eEnv, item: RunItem, field: string): Buffer {
	const binary = item.binary?.[field];
	assert.ok(
		binary,
		`the item has no binary field "${field}" (fields: ${Object.keys(item.binary ?? {}).join(', ')})`,
	);
	if (binary.data && binary.data !== 'filesystem-v2' && binary.data !== 'filesystem') {
		return Buffer.from(binary.data, 'base64');
	}
	assert.ok(binary.id, `binary field "${field}" has neither data nor id`);
	const path = binary.id.slice(binary.id.indexOf(':') + 1);
	const file = ['binaryData', 'storage']
		.map((d) => join(e.userFolder, '.n8n', d, path))
		.find((f) => existsSync(f));
	assert.ok(file, `binary ${binary.id} is not in n8n's filesystem store`);
	return readFileSync(file);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The HTTP Request node's version a node added today gets, per n8n major (`defaultVersion` of
 * n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js in each installed n8n).
 */
const HTTP_REQUEST_VERSION: Record<N8nMajor, number> = { '1': 4.3, '2': 4.5 };

/** A manual trigger named Start, for the workflows the tests build. */
const startNode = (x: number) => ({
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [x, 300],
	parameters: {},
});

/**
 * Installs run one at a time (they are heavy), each started as soon as the previous one is done, so the next
 * version's cold install overlaps the previous version's tests.
 */
const installs = new Map<N8nMajor, Promise<N8nInstall>>();
function installing(major: N8nMajor): Promise<N8nInstall> {
	let promise = installs.get(major);
	if (!promise) {
		promise = installN8nAsync(major);
		promise.catch(() => undefined); // awaited (and reported) by that version's tests
		installs.set(major, promise);
		const next = MAJORS[MAJORS.indexOf(major) + 1];
		if (next)
			promise.then(
				() => installing(next),
				() => installing(next),
			);
	}
	return promise;
}

for (const major of MAJORS) {
	describe(`n8n ${N8N_VERSIONS[major]}`, { concurrency: false }, () => {
		let e: E2eEnv;
		let sink: SmtpSink;
		let stall: StallCase | undefined;
		let example2ContractId: string | undefined;
		let hardenedLog: string | undefined;
		/** The suite's n8n restarted, once, with the durable scheduler for poll triggers and SSRF protection (2.x). */
		const hardened = async () => {
			if (hardenedLog) return hardenedLog;
			hardenedLog = join(e.dir, 'n8n-durable.log');
			await e.n8n.restart({ ...DURABLE_ENV, ...SSRF_ENV }, hardenedLog);
			return hardenedLog;
		};

		before(async () => {
			sink = await startSmtpSink();
			e = await startE2eEnv(major, installing(major), {
				credentials: (sb) => [
					webhookCredential(sb),
					smtpCredential(sink),
					tratoCredential({
						...EMAIL_CREDENTIAL,
						baseUrl: sb.baseUrl,
						email: sb.account.email,
						password: sb.account.password,
					}),
				],
			});
		});

		after(async () => {
			await stall?.close();
			await e?.close();
			await sink?.close();
		});

		test('the pack is loaded as an installed community package', async () => {
			// the node types the running n8n serves its editor
			const types = (await (
				await fetch(`${e.n8n.url.replace('localhost', '127.0.0.1')}/types/nodes.json`, {
					headers: { cookie: e.n8n.rest.authCookie },
				})
			).json()) as Array<{ name: string }>;
			const names = types.map((n) => n.name);
			assert.ok(names.includes(NODE_TYPE), `${NODE_TYPE} is among n8n's node types`);
			assert.ok(names.includes(TRIGGER_TYPE), `${TRIGGER_TYPE} is among n8n's node types`);
			assert.ok(
				names.includes(INSTANT_TRIGGER_TYPE),
				`${INSTANT_TRIGGER_TYPE} is among n8n's node types`,
			);
			assert.ok(
				existsSync(join(e.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-trato', 'dist')),
				'loaded from the community packages folder',
			);
			assert.equal(e.env.N8N_CUSTOM_EXTENSIONS, undefined);
		});

		test('stalled File URL, started early (judged after its idle limit, below): a run stopped through the REST API closes its connection', async () => {
			stall = await startStallCase(e);
		});

		test('example 1: template → signing links in one node (Create From Template and Send)', async () => {
			const workflow = readWorkflow(exampleFile(1));
			const tratoNodes = workflow.nodes.filter((n) => n.type === NODE_TYPE);
			assert.deepEqual(
				tratoNodes.map((n) => n.parameters.operation),
				['createFromTemplate'],
				'one TRATO node',
			);
			const before = e.requests().length;
			const run = assertSucceeded(await e.execute(workflow.id));

			const links = nodeOutput(run, 'Signing links').map((i) => i.json);
			assert.equal(links.length, 2, 'one signing link per participant');
			const created = nodeOutput(run, 'Create and send from template')[0].json;
			assert.equal(created.outcome, 'created');
			const contractId = created.contractId as string;
			// TRATO's calls in TRATO's order, each once; its External ID (the lease's ID) marks the contract as this
			// workflow's right after the configure (issue 40)
			assert.deepEqual(
				apiRequests(e.requests().slice(before))
					.filter((r) => r.method === 'POST')
					.map((r) => r.path.replace(/[0-9a-f]{24}/g, '<id>')),
				[
					'/api/create/contract',
					'/api/contract/configuration/<id>',
					'/api/contracts/<id>/customproperties',
					'/api/contract/variables/<id>/<id>',
					'/api/contract/variables/<id>/<id>',
					'/api/contract/participant/<id>/<id>',
					'/api/contract/participant/<id>/<id>',
					'/api/contract/send/<id>',
				],
			);
			const contract = e.sb.control.getContract(contractId);
			assert.ok(contract, `contract ${contractId} exists in the sandbox`);
			assert.equal(contract.status, 'SENT_TO_SIGN');
			assert.equal(contract.templateId, '67878720c4e6a1f3b9d20a11');
			assert.equal(contract.name, 'Lease - Av. Reforma 222, Depto 5');
			assert.equal(contract.config.stampNom, true);
			assert.equal(contract.config.language, 'es');

			const byLabel = Object.fromEntries(contract.participants.map((p) => [p.label, p]));
			assert.equal(byLabel.Arrendador.name, 'María Fernández');
			assert.equal(byLabel.Arrendador.email, 'maria.fernandez@example.com');
			assert.equal(byLabel.Arrendatario.name, 'Luis Ortega');
			assert.equal(
				byLabel.Arrendador.variables.property_address.value,
				'Av. Reforma 222, Depto 5, Ciudad de México',
			);
			assert.equal(byLabel.Arrendatario.variables.monthly_rent.value, '12,500.00');
			assert.deepEqual((byLabel.Arrendatario.variables.rent_schedule.value as any).headers, [
				'Month',
				'Amount (MXN)',
			]);
			assert.equal((byLabel.Arrendatario.variables.rent_schedule.value as any).rows.length, 3);

			for (const link of links) {
				const participant: { signToken?: string } | undefined = contract.participants.find(
					(p) => p._id === link.participantId,
				);
				assert.ok(participant, `link for a participant of the contract (${link.participantId})`);
				// TRATO's form: <web app>/sign/<contract id>/<per participant> (the sandbox is its own web app)
				assert.equal(link.signUrl, `${e.sb.baseUrl}/sign/${contractId}/${participant.signToken}`);
				const page = await fetch(link.signUrl);
				assert.equal(page.status, 200, 'the signing page opens');
			}
		});

		test('example 2: PDF file → create → participant attachment → send', async () => {
			const workflow = readWorkflow(exampleFile(2));
			const run = assertSucceeded(await e.execute(workflow.id));

			const contractId = nodeOutput(run, 'Create from PDF')[0].json.contractId as string;
			const contract = e.sb.control.getContract(contractId);
			example2ContractId = contractId;
			assert.ok(contract);
			assert.equal(contract.source, 'document');
			assert.equal(contract.documentType, 'pdf');
			assert.equal(contract.status, 'SENT_TO_SIGN');
			assert.equal(contract.name, 'Service agreement - Grupo Nubia');
			const created = apiRequests(e.requests()).find(
				(r) => r.path === '/api/create/contract' && r.status === 200 && r.body?.document,
			);
			assert.ok(created, 'the PDF reached the sandbox');
			assert.equal(created.body.document.type, 'pdf');

			const [signer1, signer2] = contract.participants;
			assert.equal(signer1.name, 'Carla Mendoza');
			assert.equal(signer2.email, 'jorge.salas@example.com');
			assert.equal(signer1.attachments.length, 1, 'the annex is attached to Signer 1');
			assert.equal(signer1.attachments[0].name, 'Annex A - Scope and fees');
			assert.equal(signer1.attachments[0].filename, 'annex-a-scope.pdf');
			assert.equal(signer2.attachments.length, 0);
			const sent = nodeOutput(run, 'Send for signature')[0].json;
			assert.equal(sent.sent, true);
			assert.equal(sent.signingLinks.length, 2);
		});

		test('example 3 after its trigger (n8n execute on a signed contract): signed PDF, certificate and zip package', async () => {
			// The contract example 2 sent, signed by everybody in the sandbox.
			assert.ok(example2ContractId, 'needs the contract example 2 sent');
			const contract = e.sb.control.getContract(example2ContractId)!;
			e.sb.control.sign(contract._id);
			assert.equal(e.sb.control.getContract(contract._id)?.status, 'RECEIVED_SIGNED');

			const workflow = withManualStart(readWorkflow(exampleFile(3)), contract._id);
			await e.importWorkflow(workflow);
			const run = assertSucceeded(await e.execute(workflow.id));

			const docs = nodeOutput(run, 'Get signed documents')[0];
			assert.equal(docs.json.contractId, contract._id);
			const signedPdf = binaryBytes(e, docs, 'contract');
			const certificate = binaryBytes(e, docs, 'certificate');
			assert.equal(signedPdf.subarray(0, 5).toString(), '%PDF-', 'the signed contract is a PDF');
			assert.equal(
				certificate.subarray(0, 5).toString(),
				'%PDF-',
				'the NOM-151 certificate is a PDF',
			);
			assert.equal(docs.binary?.contract.mimeType, 'application/pdf');
			assert.ok(
				signedPdf.length >
					readFileSync(join(__dirname, '..', 'examples', 'files', 'service-agreement.pdf')).length,
			);

			const pkg = nodeOutput(run, 'Download package')[0];
			const zipBytes = binaryBytes(e, pkg, 'package');
			assert.equal(zipBytes.subarray(0, 4).toString('hex'), '504b0304', 'the package is a zip');
			assert.equal(pkg.binary?.package.mimeType, 'application/zip');
			const zip = await JSZip.loadAsync(zipBytes);
			const names = Object.keys(zip.files);
			assert.ok(
				names.some((n) => n.endsWith('manifest.json')),
				`zip entries: ${names.join(', ')}`,
			);
			assert.ok(
				names.filter((n) => n.endsWith('.pdf')).length >= 3,
				`zip entries: ${names.join(', ')}`,
			);

			const mark = nodeOutput(run, 'Mark as archived')[0].json;
			assert.equal(mark.contractId, contract._id);
			const properties = e.sb.control.getContract(contract._id)?.properties ?? [];
			assert.deepEqual(
				properties
					.filter((p) => p.name === 'n8n_archived')
					.map((p) => p.value.startsWith('execution ')),
				[true],
			);
		});

		test('Max File Size (MB): a file over it fails with the sentence; the next download (read as a stream) arrives whole', async () => {
			const contract = e.sb.control.createContract({
				name: `E2E max file size ${major}`,
				status: 'SENT_TO_SIGN',
				participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
			});
			e.sb.control.sign(contract._id);
			// protected files: the downloads go to {base_url}/uploads/<id>, through n8n's authenticated request
			e.sb.control.setFileProtection(true);
			try {
				const apikey = { headers: { apikey: e.sb.apiKey } };
				const documents = await fetch(
					`${e.sb.baseUrl}/api/contract/documents/${contract._id}`,
					apikey,
				).then(async (r) => (await r.json()) as { documents: { signed_contract: string } });
				const signedPdf = Buffer.from(
					await (await fetch(documents.documents.signed_contract, apikey)).arrayBuffer(),
				);
				// the first download of the signed contract gets 2 MB (Content-Length set); the next one the real PDF (a
				// 2 MB binary inline in `n8n execute --rawOutput` would not come back through its stdout)
				e.sb.control.addFault({
					origin: 'api',
					path: new URL(documents.documents.signed_contract).pathname,
					status: 200,
					body: 'P'.repeat(2 * 1024 * 1024),
					contentType: 'application/pdf',
				});
				const credentials = { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
				const getDocuments = (name: string, x: number, options: Record<string, unknown>) => ({
					id: name.toLowerCase().replace(/\W+/g, '-'),
					name,
					type: NODE_TYPE,
					typeVersion: 1,
					position: [x, 300],
					credentials,
					onError: 'continueRegularOutput',
					parameters: {
						resource: 'contract',
						operation: 'getDocuments',
						contractId: { __rl: true, mode: 'id', value: contract._id },
						downloadFiles: true,
						options,
					},
				});
				const workflow: Workflow = {
					id: `tratoMaxFileSize${major}0`,
					name: 'E2E: Max File Size',
					nodes: [
						startNode(0),
						getDocuments('Limited', 220, { maxFileSize: 1 }),
						getDocuments('Default', 440, {}),
					],
					connections: {
						Start: { main: [[{ node: 'Limited', type: 'main', index: 0 }]] },
						Limited: { main: [[{ node: 'Default', type: 'main', index: 0 }]] },
					},
				};
				await e.importWorkflow(workflow);
				const run = assertSucceeded(await e.execute(workflow.id));

				const [limited] = nodeOutput(run, 'Limited');
				assert.equal(limited.json.error, 'The file is larger than the Max File Size (1 MB)');
				assert.equal(limited.binary, undefined);
				const [whole] = nodeOutput(run, 'Default');
				assert.equal(whole.json.error, undefined, JSON.stringify(whole.json));
				assert.ok(binaryBytes(e, whole, 'data').equals(signedPdf), 'the signed PDF arrived whole');
				const downloads = e
					.requests()
					.filter(
						(r) =>
							r.path === new URL(documents.documents.signed_contract).pathname &&
							String(r.headers['user-agent']).startsWith('n8n-nodes-trato/'),
					);
				assert.deepEqual(
					downloads.map((r) => `${r.status} ${r.headers.apikey}`),
					['200 <redacted>', '200 <redacted>'],
					'both downloads went through the authenticated request',
				);
			} finally {
				e.sb.control.setFileProtection(false);
			}
		});

		test('Create With Signers (PDF, the 1.1 default) → signed in the sandbox → Finalize → the signed PDF and the NOM-151 certificate as files', async () => {
			const workflow = createSignFinalizeWorkflow(e.sb.baseUrl, major);
			await e.importWorkflow(workflow);
			const before = e.requests().length;
			const run = assertSucceeded(await e.execute(workflow.id));

			const created = nodeOutput(run, 'Create with signers')[0].json;
			const contractId = created.contractId as string;
			const contract = e.sb.control.getContract(contractId);
			assert.ok(contract, `the contract ${contractId} Create With Signers output exists`);
			assert.equal(contract.documentType, 'pdf', 'Source left at its default (1.1): the PDF file');
			assert.deepEqual(
				created.participants.map((p: any) => [p.participantId, p.email]),
				contract.participants.map((p) => [p._id, p.email]),
			);
			for (const p of created.participants)
				assert.match(p.signUrl, new RegExp(`^${e.sb.baseUrl}/sign/${contractId}/`));
			const sent = apiRequests(e.requests().slice(before)).find(
				(r) => r.path === '/api/v2/create/contract',
			);
			assert.match(String(sent?.body?.file), /^data:application\/pdf;base64,/);

			const [finalized] = nodeOutput(run, 'Finalize');
			assert.equal(finalized.json.contractId, contractId);
			assert.equal(finalized.json.finalized, true);
			assert.equal(e.sb.control.getContract(contractId)?.status, 'FINALIZED');
			const documents = await fetch(`${e.sb.baseUrl}/api/contract/documents/${contractId}`, {
				headers: { apikey: e.sb.apiKey },
			}).then(async (r) => (await r.json()) as { documents: Record<string, string> });
			assert.equal(finalized.json.signedPdfUrl, documents.documents.signed_contract);
			assert.equal(finalized.json.nom151CertificateUrl, documents.documents.signed_certificate);
			for (const [field, url] of [
				['data', documents.documents.signed_contract],
				['certificate', documents.documents.signed_certificate],
			]) {
				const expected = Buffer.from(await (await fetch(url)).arrayBuffer());
				assert.ok(
					binaryBytes(e, finalized, field).equals(expected),
					`${field}: the file TRATO named`,
				);
				assert.equal(finalized.binary?.[field].mimeType, 'application/pdf');
			}
			const downloads = e
				.requests()
				.slice(before)
				.filter(
					(r) => r.path.endsWith('.pdf') && r.headers['user-agent']?.startsWith('n8n-nodes-trato/'),
				);
			assert.equal(downloads.length, 2, 'both files downloaded by the node');
			for (const r of downloads)
				assert.equal(r.headers.apikey, undefined, 'no credential to the file host');
		});

		test("File URL: Create (Word) and Create With Signers (PDF) from the test's own loopback file server, no credential sent there", async () => {
			const pdf = readFileSync(join(EXAMPLES, 'files', 'service-agreement.pdf'));
			const docx = await makeDocx(['Service agreement', 'Made from a File URL.']);
			// the Word file's host calls it application/octet-stream: the node tells Word from the bytes
			const files = await startFileServer({
				'/bucket/service-agreement.pdf': { body: pdf, contentType: 'application/pdf' },
				'/bucket/services.docx': { body: docx, contentType: 'application/octet-stream' },
			});
			const signature = `e2e${major}f00dfacecafe0123456789`;
			try {
				const workflow = fileUrlWorkflow(major, {
					word: `${files.url}/bucket/services.docx?X-Amz-Signature=${signature}`,
					pdf: `${files.url}/bucket/service-agreement.pdf?X-Amz-Signature=${signature}`,
				});
				await e.importWorkflow(workflow);
				const before = e.requests().length;
				const out = await e.execute(workflow.id);
				const run = assertSucceeded(out);

				const word = nodeOutput(run, 'Create from Word URL')[0].json;
				assert.equal(word.source, 'url');
				assert.equal(word.documentType, 'word');
				assert.equal(word.fileName, 'services.docx');
				assert.equal(e.sb.control.getContract(word.contractId as string)?.documentType, 'word');
				const withSigners = nodeOutput(run, 'Create with signers from PDF URL')[0].json;
				assert.equal(withSigners.documentType, 'pdf');
				const contract = e.sb.control.getContract(withSigners.contractId as string);
				assert.ok(contract, 'the contract exists in the sandbox');
				assert.deepEqual(
					contract.participants.map((p) => p.email),
					['carla.url@example.com'],
				);
				const stored = await fetch(`${e.sb.baseUrl}/uploads/${contract.documentFileId}`, {
					headers: { apikey: e.sb.apiKey },
				});
				assert.ok(
					Buffer.from(await stored.arrayBuffer()).equals(pdf),
					'TRATO got the PDF the file server holds, byte for byte',
				);

				const sent = apiRequests(e.requests().slice(before));
				const v1 = sent.find((r) => r.path === '/api/create/contract');
				assert.equal(v1?.body?.document?.type, 'word');
				assert.match(String(v1?.body?.document?.data), /^UEsDB/);
				const v2 = sent.find((r) => r.path === '/api/v2/create/contract');
				assert.match(String(v2?.body?.file), /^data:application\/pdf;base64,JVBERi0/);
				assert.deepEqual(files.requests.map((r) => r.url.split('?')[0]).sort(), [
					'/bucket/service-agreement.pdf',
					'/bucket/services.docx',
				]);
				for (const r of files.requests) {
					assert.equal(r.headers.apikey, undefined, 'no API key to the file server');
					assert.equal(r.headers.authorization, undefined, 'no Authorization to the file server');
				}
				assert.doesNotMatch(JSON.stringify(run.data.resultData.runData), new RegExp(signature));
			} finally {
				await files.close();
			}
		});

		test("README's first workflow: Manual Trigger → HTTP Request (File) → TRATO Contract → Create With Signers (PDF, no notification, signing links), and its File URL variant", async () => {
			const pdf = readFileSync(join(EXAMPLES, 'files', 'service-agreement.pdf'));
			const files = await startFileServer({
				'/lease.pdf': { body: pdf, contentType: 'application/pdf' },
			});
			try {
				const workflow = firstWorkflow(major, `${files.url}/lease.pdf`);
				await e.importWorkflow(workflow);
				// the contract's name is dated in the workflow's time zone (UTC here): today, read around the run
				const days = [new Date().toISOString().slice(0, 10)];
				const out = await e.execute(workflow.id);
				const run = assertSucceeded(out);
				days.push(new Date().toISOString().slice(0, 10));

				for (const node of ['TRATO', 'TRATO (File URL)']) {
					const items = nodeOutput(run, node);
					assert.equal(items.length, 1, `${node}: one item`);
					const out = items[0].json as Record<string, any>;
					// step 4: contractId, the contract's status and participants with participantId, e-mail, name, signUrl
					assert.equal(typeof out.contractId, 'string', `${node}: contractId`);
					const contract = e.sb.control.getContract(out.contractId);
					assert.ok(contract, `${node}: the contract exists in the sandbox`);
					assert.equal(out.status, contract.status, `${node}: the contract's status`);
					assert.equal(out.statusLabel, 'Pending Signature');
					assert.ok(days.map((d) => `Lease ${d}`).includes(contract.name), contract.name);
					assert.equal(out.participants.length, 1);
					const [participant] = out.participants;
					assert.equal(participant.participantId, contract.participants[0]._id);
					assert.equal(participant.email, 'ana.lopez@example.com');
					assert.match(String(participant.name), /^Ana\b/);
					assert.equal(
						participant.signUrl,
						`${e.sb.baseUrl}/sign/${contract._id}/${contract.participants[0].signToken}`,
					);
					// and TRATO has the contract with the PDF, byte for byte
					const stored = await fetch(`${e.sb.baseUrl}/uploads/${contract.documentFileId}`, {
						headers: { apikey: e.sb.apiKey },
					});
					assert.ok(
						Buffer.from(await stored.arrayBuffer()).equals(pdf),
						`${node}: TRATO holds the PDF`,
					);
				}
				// the HTTP Request node and the File URL source each fetched the PDF once
				assert.deepEqual(
					files.requests.map((r) => r.url),
					['/lease.pdf', '/lease.pdf'],
				);
			} finally {
				await files.close();
			}
		});

		test("custom API call: n8n's HTTP Request node with the TRATO credential (API key; Email and Password, logged in and logged in again after TRATO ends the session), no secret in the execution", async () => {
			const contract = e.sb.control.createContract({ name: `E2E custom API call ${major}` });
			const url = `${e.sb.baseUrl}/api/contract/status/${contract._id}`;
			const http = (name: string, x: number, credential: { id: string; name: string }) => ({
				id: `cc-${x}`,
				name,
				type: 'n8n-nodes-base.httpRequest',
				// the HTTP Request version a node added today gets (defaultVersion in each n8n's n8n-nodes-base)
				typeVersion: HTTP_REQUEST_VERSION[major],
				position: [x, 0],
				parameters: {
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'tratoApi',
					options: {},
				},
				credentials: { tratoApi: credential },
			});
			const workflow: Workflow = {
				id: `tratoCustomCall${major}0`,
				name: 'E2E: custom API call',
				active: false,
				nodes: [
					{ ...startNode(0), position: [0, 0] },
					http('API Key', 200, { id: CREDENTIAL_ID, name: CREDENTIAL_NAME }),
					http('Email and Password', 400, EMAIL_CREDENTIAL),
				],
				connections: {
					Start: { main: [[{ node: 'API Key', type: 'main', index: 0 }]] },
					'API Key': { main: [[{ node: 'Email and Password', type: 'main', index: 0 }]] },
				},
			};
			await e.importWorkflow(workflow);
			const runs = [];
			const seen = [];
			for (const round of [1, 2]) {
				// round 2: TRATO has ended every session, so the stored token is refused once
				if (round === 2) e.sb.sessions.revokeAll();
				const mark = e.requests().length;
				const run = assertSucceeded(await e.execute(workflow.id));
				runs.push(run);
				for (const node of ['API Key', 'Email and Password']) {
					const items = nodeOutput(run, node);
					assert.equal(items.length, 1, `${node}: one item`);
					assert.deepEqual(
						[items[0].json.name, items[0].json.status],
						[contract.name, contract.status],
						`${node}: TRATO's answer`,
					);
				}
				seen.push(
					e
						.requests()
						.slice(mark)
						.map(
							(r) =>
								`${r.method} ${r.path} ${r.status} ${r.headers.apikey ? 'apikey' : '-'} ${r.headers.authorization ?? '-'}`,
						),
				);
			}
			const status = `/api/contract/status/${contract._id}`;
			const token = '/api/authentication/token';
			assert.deepEqual(seen, [
				// the API key in its header only; Email and Password: n8n's pre-authentication logs in, then the token
				[
					`GET ${status} 200 apikey -`,
					`POST ${token} 200 - -`,
					`GET ${status} 200 - Bearer <redacted>`,
				],
				// the token n8n stored is used until TRATO refuses it; then one login and the same request again
				[
					`GET ${status} 200 apikey -`,
					`GET ${status} 401 - Bearer <redacted>`,
					`POST ${token} 200 - -`,
					`GET ${status} 200 - Bearer <redacted>`,
				],
			]);
			const tokens = e.sb.sessions.tokens().slice(-2);
			assert.deepEqual(
				tokens.map((t) => [t.uses, t.revoked]),
				[
					[1, true],
					[1, false],
				],
				'each login token authenticated one request',
			);
			const secrets = [e.sb.apiKey, e.sb.account.password, ...tokens.map((t) => t.jwt)];
			for (const run of runs) {
				const text = JSON.stringify(run);
				assert.ok(text.includes(contract.name), 'the execution holds the answers searched');
				assert.deepEqual(
					secrets.filter((secret) => text.includes(secret)),
					[],
					'no API key, password or token in the execution',
				);
			}
		});

		test('Simplify: Contract Get / Get Many and Participant Get simplified at 1.1, every field at version 1 (saved nodes)', async () => {
			const email = `simplify.${major}@example.com`;
			const contract = e.sb.control.createContract({
				name: `E2E simplify ${major}`,
				status: 'SENT_TO_SIGN',
				externalId: `CRM-${major}`,
				participants: [{ name: 'Ana López', email }],
			});
			const participantId = contract.participants[0]._id;
			// TRATO's status record may carry more than the spec's fields (spec 2.1): one with its owner and settings
			const status = await fetch(`${e.sb.baseUrl}/api/contract/status/${contract._id}`, {
				headers: { apikey: e.sb.apiKey },
			}).then(async (r) => (await r.json()) as Record<string, unknown>);
			const record = {
				...status,
				owner: { email: 'owner@example.com', company: 'Inmobiliaria' },
				configuration: { language: 'es', stampNom: true },
			};
			e.sb.control.addFault({
				method: 'GET',
				path: `/api/contract/status/${contract._id}`,
				status: 200,
				times: 2,
				body: record,
			});
			const workflow = simplifyWorkflow(major, contract._id, participantId, email);
			await e.importWorkflow(workflow);
			const run = assertSucceeded(await e.execute(workflow.id));
			const out = (name: string) => nodeOutput(run, name).map((i) => i.json);

			const [simpleGet] = out('Contract 1.1');
			assert.deepEqual(Object.keys(simpleGet), [
				'contractId',
				'name',
				'status',
				'statusLabel',
				'externalId',
				'createdAt',
				'signedAt',
				'pdf',
			]);
			assert.equal(simpleGet.statusLabel, 'Pending Signature');
			assert.deepEqual(out('Contract 1'), [
				{ contractId: contract._id, ...record, statusLabel: 'Pending Signature' },
			]);

			const [simpleMany] = out('Many 1.1');
			const [rawMany] = out('Many 1');
			assert.equal(simpleMany.contractId, contract._id);
			assert.equal(simpleMany._id, undefined, "the list item's _id is contractId");
			assert.equal(rawMany._id, contract._id);
			assert.equal(rawMany.contractId, contract._id);

			const [simpleParticipant] = out('Participant 1.1');
			assert.deepEqual(Object.keys(simpleParticipant), [
				'contractId',
				'participantId',
				'name',
				'email',
				'label',
				'status',
				'statusLabel',
				'signedAt',
				'signatureLink',
			]);
			assert.equal(simpleParticipant.email, email);
			const [rawParticipant] = out('Participant 1');
			assert.equal(Object.keys(rawParticipant).length, 17);
			assert.equal(rawParticipant.obligation, 'individual');
			assert.deepEqual(
				Object.fromEntries(Object.keys(simpleParticipant).map((k) => [k, rawParticipant[k]])),
				simpleParticipant,
				'the simplified participant is the full one, less fields',
			);
		});

		test("a bad input stops the workflow with the node's clear error, before any request", async () => {
			const workflow = readWorkflow(exampleFile(1));
			workflow.id = `tratoBadInput${major}00`;
			workflow.name = 'E2E: example 1 with a malformed e-mail';
			const data = workflow.nodes.find((n) => n.name === 'Lease data')!;
			data.parameters.jsonOutput = String(data.parameters.jsonOutput).replace(
				'luis.ortega@example.com',
				'luis.ortega(at)example.com',
			);
			await e.importWorkflow(workflow);
			const before = e.requests().length;
			const out = await e.execute(workflow.id);

			assert.notEqual(out.code, 0, 'the execution failed');
			const error = out.run?.data.resultData.error;
			assert.ok(
				error,
				`the execution carries the error\n${out.stdout.slice(-2000)}\n${out.stderr.slice(-2000)}`,
			);
			assert.equal(
				error.message,
				'The signer of "Arrendatario": Email "luis.ortega(at)example.com" is not a valid email address',
			);
			assert.equal(error.description, 'Use an address such as ana@example.com.');
			assert.equal(out.run?.data.resultData.lastNodeExecuted, 'Create and send from template');
			// refused before any request: no contract was created, nothing was sent
			assert.deepEqual(
				apiRequests(e.requests().slice(before)).filter((r) => r.method !== 'GET'),
				[],
			);
		});

		test("dates through n8n's own luxon: Get Many's Created From/Until read in the workflow's time zone", async () => {
			const workflow: Workflow = {
				id: `tratoDates${major}000000`,
				name: 'E2E: dates in the workflow time zone',
				settings: { executionOrder: 'v1', timezone: 'America/Mexico_City' },
				nodes: [
					startNode(0),
					{
						id: 'contracts',
						name: 'Contracts on the day clocks went back',
						type: NODE_TYPE,
						typeVersion: 1,
						position: [220, 300],
						credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
						parameters: {
							resource: 'contract',
							operation: 'getAll',
							limit: 5,
							// 01:30 happened twice in Mexico City that night: the first one (CDT) is meant
							filters: { dateStart: '2022-10-30T01:30:00', dateEnd: '2022-10-30' },
						},
					},
				],
				connections: {
					Start: {
						main: [[{ node: 'Contracts on the day clocks went back', type: 'main', index: 0 }]],
					},
				},
			};
			await e.importWorkflow(workflow);
			const before = e.requests().length;
			assertSucceeded(await e.execute(workflow.id));

			const lists = apiRequests(e.requests().slice(before)).filter(
				(r) => r.path === '/api/list/contracts',
			);
			assert.equal(lists.length, 1, 'one list request');
			assert.equal(lists[0].query.dateStart, '2022-10-30T06:30:00.000Z');
			assert.equal(
				lists[0].query.dateEnd,
				'2022-10-31T05:59:59.999Z',
				'the whole day, CST after 01:00',
			);
			assert.ok(
				!existsSync(join(e.userFolder, '.n8n', 'nodes', 'node_modules', 'luxon')),
				'the pack brings no luxon of its own: n8n resolved its own',
			);
		});

		test(
			"E-mail and Password: a run over three token lifetimes succeeds on renewed tokens, no secret kept; a wrong password shows TRATO's refusal",
			{ timeout: 6 * 60_000 },
			async () => {
				await emailPasswordInRealN8n(e);
			},
		);

		test(
			'trigger in a running n8n: a signed contract starts example 3 exactly once',
			{ timeout: 4 * 60_000 },
			async () => {
				// example 3 as shipped polls every minute; the test's copy every 5 s (the suite's n8n runs it)
				const workflow = pollingEvery(5, readWorkflow(exampleFile(3)), 'tratoExample3Fast');
				// A contract sent for signature before activation: the trigger's first poll takes it as the baseline.
				const contract = e.sb.control.createContract({
					name: 'E2E trigger contract',
					status: 'SENT_TO_SIGN',
					participants: [
						{ name: 'Ana López', email: 'ana.lopez@example.com' },
						{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
					],
				});
				const polls = () =>
					e
						.requests()
						.filter((r) => r.path === '/api/list/contracts' && r.query.statusContract !== undefined)
						.length;
				const before = polls();
				await e.importWorkflow(workflow);
				await e.activate(workflow.id);
				try {
					const deadline = Date.now() + 2 * 60_000;
					// The activation poll takes the baseline: wait until it has listed and the API has been quiet for 2 s
					// (signing in the middle of it could put the contract in the baseline as already signed).
					const apiCount = () => apiRequests(e.requests()).length;
					let quietSince = Date.now();
					let seen = apiCount();
					while (Date.now() < deadline && (polls() === before || Date.now() - quietSince < 2000)) {
						await sleep(250);
						if (apiCount() !== seen) {
							seen = apiCount();
							quietSince = Date.now();
						}
					}
					assert.ok(polls() > before, 'the trigger polled the sandbox after activation');
					e.sb.control.sign(contract._id);
					const marks = () =>
						(e.sb.control.getContract(contract._id)?.properties ?? []).filter(
							(p) => p.name === 'n8n_archived',
						);
					while (marks().length === 0 && Date.now() < deadline) await sleep(500);
					assert.equal(
						marks().length,
						1,
						'the workflow ran and marked the signed contract within 2 minutes',
					);

					// Two more polls after the firing must not start the workflow again.
					const after = polls();
					while (polls() < after + 2 && Date.now() < deadline) await sleep(500);
					assert.ok(polls() >= after + 2, 'the trigger polled again');
					await e.n8n.finishedExecutions(workflow.id, 1);
					assert.equal(marks().length, 1, 'the workflow fired exactly once');
					const runs = await e.n8n.executionsOf(workflow.id);
					assert.equal(runs.length, 1, `one execution of example 3: ${JSON.stringify(runs)}`);
					assert.equal(runs[0].status, 'success');
					assert.equal(runs[0].mode, 'trigger');
					assert.match(marks()[0].value, /^execution \d+$/);
				} finally {
					await e.n8n.deactivate(workflow.id);
				}
			},
		);

		test(
			'stalled File URL: the run fails after the idle limit (60 s) naming the host, and is not asked again',
			{ timeout: 4 * 60_000 },
			async () => {
				// before the instant trigger's case, which restarts n8n (a restart would end the stalled run)
				stall ??= await startStallCase(e);
				await stall.stalled();
			},
		);

		test(
			'instant trigger in a running n8n: one execution per delivery; 401, 400, events not chosen and the test delivery start nothing; a signedAll body and a bare-URL delivery for a signed contract start, what cannot be told is a warning; filters; example 5 e-mails the signed PDF, its repeat starts nothing across a restart',
			{ timeout: 12 * 60_000 },
			async () => {
				await instantTriggerScenario(e, sink);
			},
		);

		test(
			'Wait for Signatures: example 6 waits (listed as waiting); forged and early resume calls start nothing; across a restart the instant trigger resumes it with the signed PDF and certificate, the polling trigger a signed and a cancelled one, a limit ends one',
			{ timeout: 12 * 60_000 },
			async () => {
				await waitForSignaturesInRealN8n(e, sink, WEBHOOK_CREDENTIAL_ID);
			},
		);

		test("External ID: a CRM's webhook delivered twice at once sends one contract; another team's draft with the same External ID is not sent", async () => {
			const path = `external-id-${major}`;
			const workflow = {
				id: `tratoExternalId${major}`,
				...externalIdWorkflow(path, CREDENTIAL_ID, CREDENTIAL_NAME),
			};
			await e.importWorkflow(workflow as any);
			await e.activate(workflow.id);
			try {
				const url = `${e.n8n.url.replace('//localhost:', '//127.0.0.1:')}/webhook/${path}`;
				await waitRegistered(url);
				await overlappingDeliveriesSendOne(`n8n ${major}`, e.sb, async (body) => {
					const response = await fetch(url, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify(body),
					});
					return { status: response.status, json: await response.json() };
				}).catch(async (error: unknown) => {
					// what n8n says of the runs that failed
					for (const run of await e.n8n.executionsOf(workflow.id)) {
						if (run.status !== 'error') continue;
						const failed = await e.n8n.executionIn(run.id, ['error'], 5000);
						process.stderr.write(
							`[e2e] n8n ${major}: execution ${run.id} failed: ${JSON.stringify(failed.data.resultData.error ?? {}).slice(0, 1500)}\n`,
						);
					}
					throw error;
				});
			} finally {
				await e.n8n.deactivate(workflow.id);
			}
		});

		test(
			'a batch (example 10, 50 rows): made and sent, the run resumed once by each kind of trigger as the rows are signed, a few TRATO requests per contract; run again, nothing sent; example 11: one reminder a day, at most three',
			{ timeout: 10 * 60_000 },
			async () => {
				await batchInRealN8n(e, WEBHOOK_CREDENTIAL_ID);
				await remindersInRealN8n(e);
			},
		);

		test('a list that ignores paging, sends no totals and reorders ties: Get Many (Return All) ends with the sentence in a few requests', async () => {
			const instant = '2024-04-04T04:04:04.000Z';
			for (let i = 0; i < 260; i++) e.sb.control.createContract({ createdAt: instant });
			const workflow = {
				id: `tratoPagingIgnored${major}`,
				name: 'E2E: Get Many, Return All',
				nodes: [
					startNode(0),
					{
						id: 'get-many',
						name: 'Get many contracts',
						type: NODE_TYPE,
						typeVersion: 1.1,
						position: [220, 300],
						parameters: {
							resource: 'contract',
							operation: 'getAll',
							returnAll: true,
							filters: {},
							options: {},
						},
						credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
					},
				],
				connections: {
					Start: { main: [[{ node: 'Get many contracts', type: 'main', index: 0 }]] },
				},
			};
			await e.importWorkflow(workflow as any);
			e.sb.control.setVariants(['list-ignores-page', 'no-total-headers', 'unstable-ties']);
			try {
				const before = e.requests().length;
				const result = await e.execute(workflow.id);
				const lists = e
					.requests()
					.slice(before)
					.filter((r) => r.path === '/api/list/contracts');
				const error = result.run?.data.resultData.error;
				process.stderr.write(
					`[e2e] n8n ${major}: Get Many (Return All) on a list that ignores paging: ${lists.length} list requests, then "${error?.message}"\n`,
				);
				assert.equal(result.code, 1);
				assert.match(
					error?.message ?? '',
					/^TRATO answered page \d+ with (the same contracts as page \d+|only contracts already read on pages 1 to \d+): it seems to ignore paging$/,
				);
				// a page of shuffled ties brings new contracts until the read has seen them all: a few dozen pages at
				// most (before issue 40 it never ended, its memory growing)
				assert.ok(lists.length <= 60, `${lists.length} list requests`);
			} finally {
				e.sb.control.setVariants([]);
			}
		});
		test(
			'both triggers into one workflow (example 12): a signature both see starts the steps once; one the instant trigger missed, the poll starts',
			{ timeout: 5 * 60_000 },
			async () => {
				await bothTriggersInRealN8n(e, WEBHOOK_CREDENTIAL_ID);
			},
		);

		// The last cases: they leave the suite's n8n restarted with n8n 2.x's durable scheduler and SSRF protection on
		// (add new cases above them).
		test(
			"durable poll cursors (n8n 2.41): a poll that n8n runs twice delivers a contract's change once",
			{ timeout: 8 * 60_000, skip: major === '1' ? 'n8n 1 has no durable scheduler' : false },
			async () => {
				// a template filter tells this workflow's polls apart from example 3's (published by the test before)
				const template = String(e.sb.control.listTemplates()[0].templateId);
				const workflow = durableCursorWorkflow(template);
				await e.importWorkflow(workflow);
				const contract = e.sb.control.createContract({
					name: 'E2E durable cursor contract',
					status: 'SENT_TO_SIGN',
					templateId: template,
				});
				// this workflow's polls: the list with its template filter, from now on
				const polls = () =>
					e
						.requests()
						.filter((r) => r.path === '/api/list/contracts' && r.query.templateId === template);
				const start = polls().length;
				const marks = () =>
					(e.sb.control.getContract(contract._id)?.properties ?? []).filter(
						(p) => p.name === 'n8n_event',
					);
				const logFile = await hardened();
				await e.activate(workflow.id);
				try {
					const deadline = Date.now() + 6 * 60_000;
					// the activation poll, then the first scheduled poll, which commits the first cursor
					while (polls().length < start + 2 && Date.now() < deadline) await sleep(500);
					assert.ok(
						polls().length >= start + 2,
						'the trigger polled at activation and on schedule',
					);
					await sleep(3000);
					const before = polls().length;
					// the next poll's list request answers after 15 s: far longer than the 2-s lease
					e.sb.control.addFault({
						path: '/api/list/contracts',
						query: { templateId: template },
						latencyMs: 15_000,
						times: 1,
					});
					e.sb.control.setStatus(contract._id, 'REJECTED');
					while (marks().length === 0 && Date.now() < deadline) await sleep(1000);
					assert.equal(marks().length, 1, 'the workflow ran for the change');
					// the slow run, then the run n8n started again once the lease had expired
					while (polls().length < before + 2 && Date.now() < deadline) await sleep(500);
					assert.ok(polls().length >= before + 2, 'the poll ran twice');
					const log = () => readFileSync(logFile, 'utf8');
					while (!/no longer holds its lease/.test(log()) && Date.now() < deadline)
						await sleep(1000);
					assert.match(log(), /Poll cursor commit skipped: the poll no longer holds its lease/);
					// one more scheduled poll after both runs: nothing new
					const after = polls().length;
					while (polls().length === after && Date.now() < deadline) await sleep(1000);
					await sleep(5000);
					assert.equal(marks().length, 1, 'the change reached the workflow once');
					assert.match(marks()[0].value, new RegExp(`^${contract._id}:REJECTED:1\\.[0-9a-z]+$`));

					const runs = await e.n8n.executionsOf(workflow.id);
					assert.equal(runs.length, 1, `one execution: ${JSON.stringify(runs)}`);
					assert.equal(runs[0].status, 'success');
				} finally {
					await e.n8n.deactivate(workflow.id);
				}
			},
		);

		test(
			'SSRF protection (n8n 2.x): a File URL n8n blocks is said as such, with no request to it',
			{ timeout: 4 * 60_000, skip: major === '1' ? 'n8n 1 has no SSRF protection' : false },
			async () => {
				await hardened();
				await ssrfBlockedFileUrl(e);
			},
		);
	});
}

/** n8n's opt-in durable scheduler for poll triggers, with durable poll cursors (n8n 2.x). */
const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_MATERIALIZATION_INTERVAL: '1',
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
	N8N_SCHEDULER_REAPER_INTERVAL: '1',
	// a lease shorter than a slow poll: the scheduler takes the run back and runs it again, while the first run still
	// goes on (the poll time-out is longer than the lease)
	N8N_SCHEDULER_LEASE_DURATION: '2',
	N8N_SCHEDULER_POLL_TIMEOUT: '40',
};

/**
 * A copy of a workflow whose polling trigger polls every `seconds` s (n8n takes one poll time per entry, each at most
 * once a minute: one entry per second of the minute it polls at).
 */
function pollingEvery(seconds: number, workflow: Workflow, id: string): Workflow {
	const copy: Workflow = JSON.parse(JSON.stringify(workflow));
	copy.id = id;
	copy.name = `${workflow.name} (polling every ${seconds} s)`;
	const trigger = copy.nodes.find((n) => n.type === TRIGGER_TYPE);
	assert.ok(trigger, `${workflow.name} has a polling trigger`);
	trigger.parameters.pollTimes = {
		item: Array.from({ length: 60 / seconds }, (_, n) => ({
			mode: 'custom',
			cronExpression: `${n * seconds} * * * * *`,
		})),
	};
	return copy;
}

/**
 * A "Contract Status Changed" trigger on one template's contracts, polling every 10 s, and a step that leaves the
 * event's eventId on the contract as a custom property (one property per execution that received it).
 */
function durableCursorWorkflow(templateId: string): Workflow {
	return pollingEvery(
		10,
		{
			id: 'tratoDurableCursor',
			name: 'E2E: durable poll cursors',
			active: false,
			nodes: [
				{
					id: 'durable-trigger',
					name: 'On status change',
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						event: 'anyChange',
						filters: { templateId: { __rl: true, mode: 'id', value: templateId } },
						options: {},
					},
					credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				},
				{
					id: 'durable-mark',
					name: 'Mark the event',
					type: NODE_TYPE,
					typeVersion: 1,
					position: [240, 0],
					parameters: {
						resource: 'customProperty',
						operation: 'create',
						contractId: { __rl: true, mode: 'id', value: '={{ $json.contractId }}' },
						properties: { property: [{ name: 'n8n_event', value: '={{ $json.eventId }}' }] },
						options: {},
					},
					credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				},
			],
			connections: {
				'On status change': { main: [[{ node: 'Mark the event', type: 'main', index: 0 }]] },
			},
		},
		'tratoDurableCursor',
	);
}

/** Manual Trigger → Create (File URL, Word) → Create With Signers (File URL, PDF, one signer). */
function fileUrlWorkflow(major: N8nMajor, urls: { word: string; pdf: string }): Workflow {
	const credentials = { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const node = (name: string, x: number, parameters: Record<string, unknown>) => ({
		id: `fu-${x}`,
		name,
		type: NODE_TYPE,
		typeVersion: 1.1,
		position: [x, 0],
		parameters,
		credentials,
	});
	return {
		id: `tratoFileUrl${major}000`,
		name: 'E2E: contracts from File URLs',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'fu-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node('Create from Word URL', 200, {
				resource: 'contract',
				operation: 'create',
				source: 'url',
				templateId: { __rl: true, mode: 'id', value: LEASE_TEMPLATE },
				fileUrl: urls.word,
			}),
			node('Create with signers from PDF URL', 400, {
				resource: 'contract',
				operation: 'createV2',
				name: 'Service agreement from a URL',
				source: 'url',
				fileUrl: urls.pdf,
				notificationType: 'none',
				signers: {
					signer: [
						{
							obligation: 'individual',
							name: 'Carla',
							lastName: 'Mendoza',
							email: 'carla.url@example.com',
						},
					],
				},
			}),
		],
		connections: {
			Start: { main: [[{ node: 'Create from Word URL', type: 'main', index: 0 }]] },
			'Create from Word URL': {
				main: [[{ node: 'Create with signers from PDF URL', type: 'main', index: 0 }]],
			},
		},
	};
}

/**
 * README → "Your first workflow", as a user builds it in the editor: Manual Trigger → HTTP Request (Response Format:
 * File) → TRATO, Contract → Create With Signers (Source PDF, Input Binary Field `data`, a dated Contract Name, one
 * participant, Notification Type None, Return Signing Links on); and the README's variant in parentheses, Source
 * File URL without the HTTP Request node, on a second branch of the same trigger.
 */
function firstWorkflow(major: N8nMajor, pdfUrl: string): Workflow {
	const trato = (name: string, x: number, y: number, source: Record<string, unknown>) => ({
		id: `fw-${name}`,
		name,
		type: NODE_TYPE,
		typeVersion: 1.1,
		position: [x, y],
		parameters: {
			resource: 'contract',
			operation: 'createV2',
			name: "=Lease {{ $now.toFormat('yyyy-MM-dd') }}",
			...source,
			notificationType: 'none',
			showSignLinks: true,
			signers: {
				signer: [{ name: 'Ana', lastName: 'López', email: 'ana.lopez@example.com' }],
			},
		},
		credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	});
	return {
		id: `tratoFirstWf${major}000`,
		name: "E2E: README's first workflow",
		active: false,
		settings: { executionOrder: 'v1', timezone: 'UTC' },
		nodes: [
			{
				id: 'fw-start',
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'fw-http',
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [200, 0],
				parameters: {
					url: pdfUrl,
					options: { response: { response: { responseFormat: 'file' } } },
				},
			},
			trato('TRATO', 400, 0, { source: 'pdf', binaryPropertyName: 'data' }),
			trato('TRATO (File URL)', 200, 200, { source: 'url', fileUrl: pdfUrl }),
		],
		connections: {
			'Manual Trigger': {
				main: [
					[
						{ node: 'HTTP Request', type: 'main', index: 0 },
						{ node: 'TRATO (File URL)', type: 'main', index: 0 },
					],
				],
			},
			'HTTP Request': { main: [[{ node: 'TRATO', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * Create With Signers at node version 1.1 with Source left at its default (the PDF file: n8n stores no default,
 * so this proves the version's default in real n8n), the participants signing in the sandbox (its control API, as
 * a participant would in TRATO's web app), then Finalize with Download Files.
 */
function createSignFinalizeWorkflow(sandboxUrl: string, major: N8nMajor): Workflow {
	const credentials = { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const names = [
		'Start',
		'Read contract PDF',
		'Create with signers',
		'Sign in the sandbox',
		'Finalize',
	];
	return {
		id: `tratoFinalize${major}00`,
		name: 'E2E: Create With Signers → signed → Finalize → files',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'cf-start',
				name: names[0],
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'cf-read',
				name: names[1],
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1,
				position: [200, 0],
				parameters: {
					operation: 'read',
					fileSelector: 'examples/files/service-agreement.pdf',
					options: {},
				},
			},
			{
				id: 'cf-create',
				name: names[2],
				type: NODE_TYPE,
				typeVersion: 1.1,
				position: [400, 0],
				parameters: {
					resource: 'contract',
					operation: 'createV2',
					name: 'Service agreement - e2e',
					notificationType: 'none',
					showSignLinks: true,
					additionalFields: { stampNom: true },
					signers: {
						signer: [
							{
								obligation: 'individual',
								name: 'Carla',
								lastName: 'Mendoza',
								email: 'carla.e2e@example.com',
							},
							{
								obligation: 'individual',
								name: 'Jorge',
								lastName: 'Salas',
								email: 'jorge.e2e@example.com',
							},
						],
					},
				},
				credentials,
			},
			{
				id: 'cf-sign',
				name: names[3],
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [600, 0],
				parameters: {
					method: 'POST',
					url: `=${sandboxUrl}/sandbox/contracts/{{ $json.contractId }}/sign`,
					options: {},
				},
			},
			{
				id: 'cf-finalize',
				name: names[4],
				type: NODE_TYPE,
				typeVersion: 1.1,
				position: [800, 0],
				parameters: {
					resource: 'contract',
					operation: 'finalize',
					contractId: {
						__rl: true,
						mode: 'id',
						value: `={{ $('${names[2]}').item.json.contractId }}`,
					},
					downloadFiles: true,
				},
				credentials,
			},
		],
		connections: Object.fromEntries(
			names
				.slice(0, -1)
				.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
		),
	};
}

/**
 * Contract → Get, Contract → Get Many and Participant → Get, each at node version 1.1 with Simplify left at its
 * default (on; n8n stores no default, so this proves the version's default in real n8n) and at version 1 (a saved
 * node: off), every node straight after the start.
 */
function simplifyWorkflow(
	major: N8nMajor,
	contractId: string,
	participantId: string,
	email: string,
): Workflow {
	const credentials = { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const steps: Array<[string, Record<string, unknown>]> = [
		['Contract', { resource: 'contract', operation: 'get', contractId: byId(contractId) }],
		[
			'Many',
			{ resource: 'contract', operation: 'getAll', limit: 5, filters: { emailParticipant: email } },
		],
		[
			'Participant',
			{
				resource: 'participant',
				operation: 'get',
				contractId: byId(contractId),
				participantId: byId(participantId),
			},
		],
	];
	const nodes = steps.flatMap(([name, parameters], row) =>
		[1.1, 1].map((typeVersion, column) => ({
			id: `simplify-${row}-${column}`,
			name: `${name} ${typeVersion}`,
			type: NODE_TYPE,
			typeVersion,
			position: [300 + 220 * column, 200 * row],
			parameters,
			credentials,
		})),
	);
	return {
		id: `tratoSimplify${major}00`,
		name: 'E2E: Simplify at 1.1, every field at version 1',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'simplify-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...nodes,
		],
		connections: {
			Start: { main: [nodes.map((n) => ({ node: n.name, type: 'main', index: 0 }))] },
		},
	};
}

/**
 * The instant trigger in a running n8n (`n8n start`), against the sandbox's real deliveries and forged ones:
 * a workflow listening for every event, one listening for `document-finalized` only, one with filters, and example 5
 * (signed-all with the signed PDF → e-mail, Ignore Repeated Deliveries) whose Send Email step talks to a local SMTP
 * server. The sandbox's deliveries name no event (its default): each event's slot holds the URL with `?event=`.
 */
/** A TRATO credential with the sandbox account's e-mail and password (the custom API call). */
const EMAIL_CREDENTIAL = { id: 'tratoEmailCredential', name: 'TRATO email and password' };

/** The TRATO credential of the instant trigger's workflows: the sandbox's API key and its profile's Webhook Secret. */
const WEBHOOK_CREDENTIAL_ID = 'tratoWebhookCredential';
function webhookCredential(sb: Sandbox): StoredCredential {
	return {
		id: WEBHOOK_CREDENTIAL_ID,
		name: 'TRATO account (webhook secret)',
		type: 'tratoApi',
		data: credentialData({
			baseUrl: sb.baseUrl,
			apiKey: sb.apiKey,
			webhookSecret: sb.control.webhooks.settings().secret,
		}),
	};
}

async function instantTriggerScenario(e: E2eEnv, sink: SmtpSink): Promise<void> {
	const major = e.major;
	const secret = e.sb.control.webhooks.settings().secret;
	const credentialId = WEBHOOK_CREDENTIAL_ID;
	const hookAll = `5e1b2c3d-0000-4000-8000-0000000000a${major}`;
	const hookFinalized = `5e1b2c3d-0000-4000-8000-0000000000f${major}`;
	const hookFiltered = `5e1b2c3d-0000-4000-8000-0000000000c${major}`;
	const all = instantWorkflow(
		`tratoInstantAll${major}`,
		'E2E: instant trigger, every event',
		ALL_EVENTS,
		hookAll,
		credentialId,
	);
	const finalizedOnly = instantWorkflow(
		`tratoInstantFin${major}`,
		'E2E: instant trigger, finalized only',
		['document-finalized'],
		hookFinalized,
		credentialId,
	);
	const filtered = instantWorkflow(
		`tratoInstantFlt${major}`,
		'E2E: instant trigger, filtered',
		['signed-all'],
		hookFiltered,
		credentialId,
		{ filters: { externalIdPrefix: 'keep-', emailParticipant: 'legal@example.com' } },
	);
	for (const workflow of [all, finalizedOnly, filtered]) await e.importWorkflow(workflow);
	const example5 = readWorkflow(exampleFile(5));
	for (const id of [all.id, finalizedOnly.id, filtered.id, example5.id]) await e.activate(id);
	const n8n = e.n8n;
	try {
		const urlAll = productionUrl(n8n.url, hookAll);
		const urlFinalized = productionUrl(n8n.url, hookFinalized);
		const urlFiltered = productionUrl(n8n.url, hookFiltered);
		const example5Hook = example5.nodes.find((n) => n.type === INSTANT_TRIGGER_TYPE)!
			.webhookId as string;
		const url5 = productionUrl(n8n.url, example5Hook);
		for (const url of [urlAll, urlFinalized, urlFiltered, url5]) await waitRegistered(url);

		// 1. The sandbox signs a contract, one participant at a time: one execution per delivery.
		const contract = e.sb.control.createContract({
			name: `E2E instant ${major}`,
			status: 'SENT_TO_SIGN',
			externalId: `e2e-instant-${major}`,
			participants: [
				{ name: 'Ana López', email: 'ana.lopez@example.com' },
				{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
			],
		});
		e.sb.control.webhooks.configure({ urls: eventUrls(urlAll), retryDelaysMs: [1000, 5000] });
		const at = (s: number) => new Date(e.sb.control.now().getTime() + s * 1000).toISOString();
		e.sb.control.sign(contract._id, {
			participantId: contract.participants[0]._id,
			signedAt: at(1),
		});
		e.sb.control.sign(contract._id, {
			participantId: contract.participants[1]._id,
			signedAt: at(2),
		});
		await e.sb.control.webhooks.idle();
		const delivered = e.sb.control.webhooks.deliveries();
		assert.deepEqual(
			delivered.map((d) => [d.event, d.state, d.attempts.map((a) => a.status).join(',')]),
			[
				['signed', 'delivered', '200'],
				['signed', 'delivered', '200'],
				['signed-all', 'delivered', '200'],
				['milestone-completed', 'delivered', '200'],
			],
			'the sandbox delivered each event once and n8n answered 200',
		);
		assert.ok(
			delivered.every((d) => !('event' in (d.payload as object))),
			'the deliveries name no event (the sandbox default): the URL of the slot tells it',
		);
		assert.deepEqual(
			[...new Set(delivered.map((d) => d.attempts[0].answer))],
			[''],
			'an accepted delivery is answered with an empty body',
		);
		const answeredIn = delivered.map((d) => d.attempts[0].ms).sort((a, b) => a - b);
		process.stderr.write(
			`[e2e] n8n ${major}, instant trigger: ${delivered.length} deliveries answered in ${answeredIn.join(', ')} ms\n`,
		);
		const runs = await n8n.finishedExecutions(all.id, delivered.length);
		assert.equal(runs.length, delivered.length, 'one execution per delivery');
		const outputs = [];
		for (const run of runs) {
			assert.equal(run.status, 'success', `execution ${run.id}: ${JSON.stringify(run)}`);
			assert.equal(run.mode, 'webhook');
			const items = (await n8n.nodeItems(run.id, INSTANT_NODE)).map((i) => i.json);
			assert.equal(items.length, 1, 'one item per delivery');
			outputs.push(items[0]);
		}
		const stored = e.sb.control.getContract(contract._id)!;
		const expectedIds = delivered.map((d) => {
			const p = d.payload as Record<string, string>;
			return `${contract._id}:${d.event}:${p.milestoneId ?? p.signedAt}`;
		});
		assert.deepEqual(outputs.map((o) => o.eventId).sort(), [...expectedIds].sort());
		for (const output of outputs) {
			const delivery = delivered[expectedIds.indexOf(output.eventId)];
			assert.deepEqual(output.payload, delivery.payload, 'the payload as TRATO sent it');
			assert.equal(output.contractId, contract._id);
			assert.equal(output.event, delivery.event);
			assert.equal(output.externalId, `e2e-instant-${major}`);
			assert.equal(output.verified, true);
			assert.equal(output.testDelivery, false);
		}
		assert.equal(
			outputs.find((o) => o.event === 'signed-all')?.occurredAt,
			stored.signedAt,
			'occurredAt of signed-all is when the last participant signed',
		);

		// 2. What starts nothing: 401, 400, n8n's own refusal of a body that does not parse, 200 for an event not
		// chosen, for a delivery that names no event and for TRATO's test delivery; and what starts: form fields.
		const answers: Record<string, number | null> = {};
		const forge = async (
			name: string,
			input: Parameters<typeof e.sb.control.webhooks.forge>[0],
		) => {
			answers[name] = (await e.sb.control.webhooks.forge(input)).status;
		};
		const payload = { contractid: contract._id, event: 'signed', signedAt: at(3) };
		await forge('no secret', { url: urlAll, payload, secret: null });
		await forge('wrong secret', { url: urlAll, payload, secret: `${secret}-not` });
		await forge('text body', { url: urlAll, body: 'signed!', contentType: 'text/plain' });
		await forge('broken JSON', {
			url: urlAll,
			body: '{"contractid":',
			contentType: 'application/json',
		});
		await forge('no contract id', { url: urlAll, payload: { event: 'signed', name: 'x' } });
		await forge('event not chosen', { url: urlFinalized, payload });
		// Issue 34: the contract is signed by all, so a delivery naming no event on the bare URL starts signed-all
		// (told from its status); a body event TRATO's catalogue does not name never overrides the URL's.
		await forge('no event, bare URL', {
			url: urlAll,
			payload: { contractid: contract._id, externalId: 'x', signedAt: at(4) },
		});
		const [at6, at7] = [at(6), at(7)];
		await forge('signedAll, ?event=signed-all', {
			url: eventUrl(urlAll, 'signed-all'),
			payload: { contractid: contract._id, event: 'signedAll', signedAt: at6 },
		});
		await forge('contract.signed, ?event=signed-all', {
			url: eventUrl(urlAll, 'signed-all'),
			payload: { contractid: contract._id, event: 'contract.signed', signedAt: at7 },
		});
		// Finalized only: the status (signed, not finalized) tells no chosen event: a warning in n8n's log, and the
		// next item that starts (the form fields below) carries the count.
		await forge('no event, not told', {
			url: urlFinalized,
			payload: { contractid: contract._id, externalId: 'x', signedAt: at(4) },
		});
		const warned = 'started no workflow because its event cannot be told';
		for (let i = 0; i < 60 && !readFileSync(n8n.logFile, 'utf8').includes(warned); i++)
			await sleep(500);
		assert.match(
			readFileSync(n8n.logFile, 'utf8'),
			new RegExp(`${contract._id} ${warned}: .*Signed`),
			"the delivery that could not be told is a warning in n8n's log",
		);
		const testDelivery = await e.sb.control.webhooks.sendTest({ url: eventUrl(urlAll, 'signed') });
		answers['test delivery'] = testDelivery.status;
		const formTime = at(5);
		await forge('form fields', {
			url: eventUrl(urlFinalized, 'document-finalized'),
			body: `contractid=${contract._id}&name=Form&externalId=form-1&finalizedAt=${formTime}`,
			contentType: 'application/x-www-form-urlencoded',
		});
		process.stderr.write(`[e2e] n8n ${major}, instant trigger answers: ${JSON.stringify(answers)}
`);
		assert.deepEqual(answers, {
			'no secret': 401,
			'wrong secret': 401,
			'text body': 400,
			// n8n's body parser refuses it before the node runs ("Failed to parse request body")
			'broken JSON': 422,
			'no contract id': 400,
			'event not chosen': 200,
			'no event, bare URL': 200,
			'signedAll, ?event=signed-all': 200,
			'contract.signed, ?event=signed-all': 200,
			'no event, not told': 200,
			'test delivery': 200,
			'form fields': 200,
		});
		assert.match(JSON.parse(testDelivery.body).message, /test delivery/);
		// A real delivery of an event the workflow does not listen for: answered 200 once, never repeated.
		e.sb.control.webhooks.unsubscribe();
		e.sb.control.webhooks.configure({ urls: { signed: eventUrl(urlFinalized, 'signed') } });
		const other = e.sb.control.createContract({
			name: `E2E instant other ${major}`,
			status: 'SENT_TO_SIGN',
			participants: [{ name: 'Carla Díaz', email: 'carla.diaz@example.com' }],
		});
		e.sb.control.sign(other._id);
		await e.sb.control.webhooks.idle();
		const notChosen = e.sb.control.webhooks
			.deliveries()
			.filter((d) => d.contractId === other._id && !d.forged);
		assert.deepEqual(
			notChosen.map((d) => [d.event, d.attempts.map((a) => a.status).join(',')]),
			[['signed', '200']],
		);
		const [formRun] = await n8n.finishedExecutions(finalizedOnly.id, 1);
		const [formItem] = (await n8n.nodeItems(formRun.id, INSTANT_NODE)).map((i) => i.json);
		assert.deepEqual(
			[formItem.event, formItem.contractId, formItem.externalId, formItem.occurredAt],
			['document-finalized', contract._id, 'form-1', formTime],
			'form fields read like JSON',
		);
		assert.deepEqual(
			[formItem.unresolvedDeliveries?.count, formItem.unresolvedDeliveries?.lastContractId],
			[1, contract._id],
			'the next item that starts carries the delivery that could not be told',
		);
		const started = (await n8n.finishedExecutions(all.id, delivered.length + 3)).filter(
			(run) => !runs.some((r) => r.id === run.id),
		);
		const startedItems = [];
		for (const run of started)
			startedItems.push(...(await n8n.nodeItems(run.id, INSTANT_NODE)).map((i) => i.json));
		assert.deepEqual(
			startedItems
				.map((i) => [i.event, i.eventId, i.eventResolvedFrom ?? null, i.bodyEvent ?? null])
				.sort(),
			[
				['signed-all', `${contract._id}:signed-all:${at6}`, null, null],
				['signed-all', `${contract._id}:signed-all:${at7}`, null, 'contract.signed'],
				[
					'signed-all',
					`${contract._id}:signed-all:status:${stored.signedAt}`,
					'contractStatus',
					null,
				],
			].sort(),
			'a signedAll delivery on ?event=signed-all, an unknown body event on it, and a bare-URL delivery for a signed-by-all contract each start the workflow',
		);
		await sleep(3000); // an execution started by any of these would be listed by now
		assert.equal(
			(await n8n.executionsOf(all.id)).length,
			delivered.length + 3,
			'nothing more started',
		);
		assert.equal((await n8n.executionsOf(finalizedOnly.id)).length, 1);

		// 3. Filters: external ID prefix (from the delivery) and participant e-mail (two reads): one of three starts.
		e.sb.control.webhooks.unsubscribe();
		e.sb.control.webhooks.configure({
			urls: { 'signed-all': eventUrl(urlFiltered, 'signed-all') },
		});
		const filterCases = [
			['drop-1', 'legal@example.com'],
			['keep-2', 'someone@example.com'],
			['keep-3', 'legal@example.com'],
		].map(([externalId, email]) => {
			const c = e.sb.control.createContract({
				name: `E2E filtered ${externalId}`,
				status: 'SENT_TO_SIGN',
				externalId,
				participants: [{ name: 'Legal', email }],
			});
			e.sb.control.sign(c._id);
			return c._id;
		});
		await e.sb.control.webhooks.idle();
		const filteredRuns = await n8n.finishedExecutions(filtered.id, 1);
		await sleep(3000);
		assert.equal(
			(await n8n.executionsOf(filtered.id)).length,
			1,
			'the filtered ones start nothing',
		);
		const [kept] = (await n8n.nodeItems(filteredRuns[0].id, INSTANT_NODE)).map((i) => i.json);
		assert.equal(kept.contractId, filterCases[2]);

		// 4. Example 5: signed by all → the trigger carries the signed PDF → e-mailed.
		e.sb.control.webhooks.unsubscribe();
		e.sb.control.webhooks.configure({ urls: { 'signed-all': eventUrl(url5, 'signed-all') } });
		const toMail = e.sb.control.createContract({
			name: `E2E example 5 ${major}`,
			status: 'SENT_TO_SIGN',
			participants: [
				{ name: 'Ana López', email: 'ana.lopez@example.com' },
				{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
			],
		});
		e.sb.control.sign(toMail._id);
		const deadline = Date.now() + 120_000;
		while (sink.messages.length === 0 && Date.now() < deadline) await sleep(500);
		assert.equal(sink.messages.length, 1, 'example 5 sent one e-mail');
		const mail = sink.messages[0];
		assert.deepEqual(mail.to, ['legal@example.com']);
		assert.equal(mail.subject, `Signed by all: E2E example 5 ${major}`);
		assert.equal(mail.attachments.length, 1);
		assert.equal(mail.attachments[0].contentType, 'application/pdf');
		const documents = await fetch(`${e.sb.baseUrl}/api/contract/documents/${toMail._id}`, {
			headers: { apikey: e.sb.apiKey },
		}).then(async (r) => (await r.json()) as { documents: { signed_contract: string } });
		const signedPdf = Buffer.from(
			await (await fetch(documents.documents.signed_contract)).arrayBuffer(),
		);
		assert.ok(
			mail.attachments[0].content.equals(signedPdf),
			'the attachment is the signed PDF the service holds',
		);
		const example5Runs = await n8n.finishedExecutions(example5.id, 1);
		assert.deepEqual(
			example5Runs.map((r) => r.status),
			['success'],
		);
		const trigger5 = example5.nodes.find((n) => n.type === INSTANT_TRIGGER_TYPE)!.name;
		assert.deepEqual(
			(await n8n.nodeItems(example5Runs[0].id, trigger5)).map((i) =>
				Object.keys(i.binary ?? {}).sort(),
			),
			[['signedPdf']],
			"the signed PDF is on the trigger's item",
		);

		// 5. Ignore Repeated Deliveries: the same delivery again starts nothing, also after a restart of n8n.
		const [signedAll] = e.sb.control.webhooks
			.deliveries()
			.filter((d) => d.contractId === toMail._id && d.event === 'signed-all');
		const repeat = async () =>
			await e.sb.control.webhooks.forge({
				url: eventUrl(url5, 'signed-all'),
				payload: signedAll.payload,
			});
		const again = await repeat();
		assert.equal(again.status, 200);
		assert.match(JSON.parse(again.body).message, /received before/);
		await n8n.restart();
		await waitRegistered(url5);
		const afterRestart = await repeat();
		assert.equal(afterRestart.status, 200);
		assert.match(JSON.parse(afterRestart.body).message, /received before/);
		process.stderr.write(
			`[e2e] n8n ${major}, instant trigger: a repeat before and after a restart: ${again.status} ${again.ms} ms, ${afterRestart.status} ${afterRestart.ms} ms\n`,
		);
		await sleep(3000);
		assert.equal((await n8n.executionsOf(example5.id)).length, 1, 'the repeats started nothing');
		assert.equal(sink.messages.length, 1, 'and sent no second e-mail');
	} finally {
		e.sb.control.webhooks.unsubscribe();
		for (const id of [all.id, finalizedOnly.id, filtered.id, example5.id]) await n8n.deactivate(id);
	}
}

/**
 * Example 3 with its trigger replaced by a manual start and a step named like the trigger that outputs what the
 * trigger outputs for a signed contract: every other node is the example's own.
 */
function withManualStart(workflow: Workflow, contractId: string): Workflow {
	const trigger = workflow.nodes.find((n) => n.type === TRIGGER_TYPE)!;
	const copy: Workflow = JSON.parse(JSON.stringify(workflow));
	copy.id = 'tratoExample3Run';
	copy.name = 'E2E: example 3 started by hand';
	copy.nodes = copy.nodes.filter((n) => n.name !== trigger.name);
	copy.nodes.push(
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [-220, 300],
			parameters: {},
		},
		{
			id: 'event',
			name: trigger.name,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [0, 300],
			parameters: {
				mode: 'raw',
				jsonOutput: JSON.stringify({
					contractId,
					status: 'RECEIVED_SIGNED',
					event: 'enteredStatus',
				}),
				options: {},
			},
		},
	);
	copy.connections = {
		...copy.connections,
		Start: { main: [[{ node: trigger.name, type: 'main', index: 0 }]] },
	};
	return copy;
}
