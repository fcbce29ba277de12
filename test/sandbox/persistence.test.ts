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
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox';
import { sentContract, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';

describe('sandbox data file', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'trato-data-'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('keeps contracts, files, certificates and credits across a restart', async () => {
		const dataFile = join(dir, 'state', 'sandbox.json');
		const first = await startHarness({
			dataFile,
			apiKey: 'persist-key',
			credits: { shield1: 3, shield2: 3 },
		});
		const c = await sentContract(first.api, { stampNom: true, externalId: 'KEEP-1' });
		first.sb.control.sign(c.id, { ip: '198.51.100.9' });
		await first.api.post(`/api/contracts/${c.id}/customproperties`, {
			properties: [{ name: 'area', value: 'legal' }],
		});
		const tpl = await first.api.post('/api/create/contract', {
			source: 'template',
			templateid: LEASE_TEMPLATE,
		});
		const docs = await first.api.get(`/api/contract/documents/${c.id}`);
		const cert = Buffer.from(
			(await first.raw.get(docs.data.documents.signed_certificate, { responseType: 'arraybuffer' }))
				.data,
		);
		first.sb.control.setCredits({ shield1: 1 });
		await first.sb.close();

		expect(existsSync(dataFile)).toBe(true);
		expect(JSON.parse(readFileSync(dataFile, 'utf8')).format).toBe('trato-sandbox-data');
		expect(readdirSync(join(dir, 'state'))).toEqual(['sandbox.json']); // no temp file left behind

		const second = await startHarness({ dataFile, apiKey: 'persist-key', seed: 50 });
		try {
			expect(second.sb.control.contractCount()).toBe(2); // not re-seeded over existing data
			const status = await second.api.get(`/api/contract/status/${c.id}`);
			expect(status.data).toMatchObject({
				status: 'RECEIVED_SIGNED',
				externalId: 'KEEP-1',
				name: 'Service agreement',
			});
			const props = await second.api.get(`/api/contracts/${c.id}/customproperties`);
			expect(props.data.properties).toEqual([
				{ _id: expect.any(String), name: 'area', value: 'legal' },
			]);
			expect(second.sb.control.getCredits().shield1).toBe(1);
			const p = await second.api.get(`/api/contract/participant/${c.id}/${c.participants[0]}`);
			expect(p.data.information.ip).toBe('198.51.100.9');
			// files are served again (from the new upload origin)
			const docs2 = await second.api.get(`/api/contract/documents/${c.id}`);
			expect(docs2.data.documents.signed_contract.startsWith(second.sb.uploadUrl)).toBe(true);
			const signed = await second.raw.get(docs2.data.documents.signed_contract, {
				responseType: 'arraybuffer',
			});
			expect(signed.status).toBe(200);
			expect(Buffer.from(signed.data).subarray(0, 5).toString()).toBe('%PDF-');
			// the certificate issued before the restart still validates
			const form = new FormData();
			form.append('nom151', new Blob([cert]), 'cert.pdf');
			expect(
				(await second.api.post(`/api/contracts/${c.id}/validate/nom151`, form)).data.isValid,
			).toBe(true);
			// a new contract sorts with the old ones
			const list = await second.api.get('/api/list/contracts');
			expect(list.data.map((x: any) => x._id)).toEqual([tpl.data.contractid, c.id]);
		} finally {
			await second.sb.close();
		}
	});

	it('writes on flush without closing', async () => {
		const dataFile = join(dir, 'flush.json');
		const sb = await startSandbox({ port: 0, dataFile });
		try {
			const c = sb.control.createContract({ name: 'Flushed' });
			await sb.control.flush();
			const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
			expect(saved.contracts.map((x: any) => x._id)).toEqual([c._id]);
		} finally {
			await sb.close();
		}
	});

	it('refuses to start on a file that is not a sandbox data file', async () => {
		const dataFile = join(dir, 'broken.json');
		writeFileSync(dataFile, '{"contracts": [');
		await expect(startSandbox({ port: 0, dataFile })).rejects.toThrow(/not valid JSON/);
		writeFileSync(dataFile, '{"hello": 1}');
		await expect(startSandbox({ port: 0, dataFile })).rejects.toThrow(/not a sandbox data file/);
	});
});
