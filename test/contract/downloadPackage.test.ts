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
import JSZip from 'jszip';

import { binaryBuffer } from '../../test-support/harness';
import { byId, createPdfContract, prepareForSending, sendContract, useEnv } from '../helpers/env';

const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const env = useEnv(__filename);
afterEach(() => env.sb.control.clearFaults());

async function contract(options: { stampNom?: boolean; sign?: boolean } = {}) {
	const id = await createPdfContract(env.api);
	await prepareForSending(env.api, id);
	if (options.stampNom)
		expect(
			(await env.api.post(`/api/contract/configuration/${id}`, { stampNom: true })).status,
		).toBe(200);
	await sendContract(env.api, id);
	if (options.sign) env.sb.control.sign(id);
	return id;
}

const downloadPackage = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'contract',
	operation: 'downloadPackage',
	contractId: byId(contractId),
	...extra,
});

describe('contract → downloadPackage', () => {
	test('a signed contract gives a zip with the document, the signed PDF, the certificate and the videos', async () => {
		const id = await contract({ stampNom: true, sign: true });
		const name = `Contract ${id.slice(-6)}`;
		const mark = env.mark();
		const result = await env.run(downloadPackage(id));
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		const base = `Contract-${id.slice(-6)}`;
		const zipBytes = await binaryBuffer(item.binary!.data);
		// The file name is the one of the response's Content-Disposition (api-notes X17: <name>-<contractid>.zip).
		expect(item.json).toEqual({
			contractId: id,
			fileName: `${base}-${id}.zip`,
			mimeType: 'application/zip',
			fileSize: zipBytes.length,
			binaryField: 'data',
		});
		expect(item.binary!.data.mimeType).toBe('application/zip');
		expect(item.binary!.data.fileName).toBe(`${base}-${id}.zip`);

		const zip = await JSZip.loadAsync(zipBytes);
		const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
		expect(manifest).toEqual(
			expect.objectContaining({ contractid: id, name, status: 'RECEIVED_SIGNED' }),
		);
		const entries = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
		expect(entries.sort()).toEqual([...manifest.files, 'manifest.json'].sort());
		const pdfs = entries.filter((n) => n.endsWith('.pdf'));
		expect(pdfs.sort()).toEqual([`${base}-NOM151.pdf`, `${base}-signed.pdf`, `${base}.pdf`]);
		for (const pdf of pdfs)
			expect((await zip.file(pdf)!.async('nodebuffer')).subarray(0, 5).toString('latin1')).toBe(
				'%PDF-',
			);
		const videos = entries.filter((n) => n.startsWith('videos/'));
		expect(videos).toHaveLength(2);
		for (const video of videos)
			expect((await zip.file(video)!.async('nodebuffer')).subarray(0, 4)).toEqual(WEBM_MAGIC);

		const sent = env.nodeRequests(mark);
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contracts/${id}/package 200`,
		]);
		expect(sent[0].body).toBeNull();
	});

	test('before signing the package holds the document only; the output field name is configurable', async () => {
		const id = await contract();
		const result = await env.run(downloadPackage(id, { binaryPropertyName: 'package' }));
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(Object.keys(item.binary ?? {})).toEqual(['package']);
		expect(item.json.binaryField).toBe('package');
		const zip = await JSZip.loadAsync(await binaryBuffer(item.binary!.package));
		const entries = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
		expect(entries.sort()).toEqual([`Contract-${id.slice(-6)}.pdf`, 'manifest.json']);
		expect(item.json.fileName).toBe(`Contract-${id.slice(-6)}-${id}.zip`);
	});

	test('an unknown contract gives a NodeApiError with the API text (the JSON error is read from the binary answer)', async () => {
		const result = await env.run(downloadPackage('0123456789abcdef01234567'));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/refused the request: .*does not exist on the database/);
		expect(result.error?.description).toMatch(/^Check the contract ID: TRATO does not know it/);
	});

	test('the POST is not repeated when the service fails (it is not idempotent)', async () => {
		const id = await contract();
		env.sb.control.addFault({
			method: 'POST',
			path: `/api/contracts/${id}/package`,
			status: 503,
			times: 3,
		});
		const mark = env.mark();
		const result = await env.run(downloadPackage(id));
		expect(result.error?.httpCode).toBe('503');
		expect(env.nodeRequests(mark)).toHaveLength(1);
	});

	test('bad input is refused before any request', async () => {
		const id = await contract();
		for (const [extra, message] of [
			[{ contractId: byId('={{ $json.missing }}') }, /^The Contract is empty$/],
			[{ binaryPropertyName: '={{ "" }}' }, /^"Put Output File in Field" is empty$/],
		] as Array<[Record<string, unknown>, RegExp]>) {
			const mark = env.mark();
			const result = await env.run(downloadPackage(id, extra));
			expect(result.error?.message).toMatch(message);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(env.nodeRequests(mark)).toHaveLength(0);
		}
	});
});
