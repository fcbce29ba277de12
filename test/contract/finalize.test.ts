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
 * Contract → Finalize and its files (issue 26 item 1): TRATO answers the signed PDF and the NOM-151 certificate
 * (trato-notes "What TRATO answers"); Download Files puts them in binary fields the way Get Signed Documents does,
 * through the transport's download (the credential only to the API's origin). Once TRATO finalized the contract,
 * nothing fails the item: a file that cannot be read is said on the item (finalizing again would be refused).
 */
import { binaryBuffer } from '../../test-support/harness';
import { byId, signedPdfContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);
afterEach(() => {
	env.sb.control.clearFaults();
	env.sb.control.setFileProtection(false);
	env.sb.control.setVariants([]);
});

const signedContract = (stampNom = true) => signedPdfContract(env, { stampNom });

const finalize = (id: string, extra: Record<string, unknown> = {}) =>
	env.run({ resource: 'contract', operation: 'finalize', contractId: byId(id), ...extra });

const apiHost = () => new URL(env.sb.baseUrl).host;

test('Download Files: the signed PDF in "data", the certificate in "certificate", fetched without the credential from the file host', async () => {
	const id = await signedContract();
	const mark = env.mark();
	const result = await finalize(id, { downloadFiles: true });
	expect(result.error).toBeUndefined();
	const [item] = result.items;
	expect(item.json.binaryFields).toEqual({ signedContract: 'data', certificate: 'certificate' });
	expect(item.json.files).toEqual([
		expect.objectContaining({
			field: 'data',
			mimeType: 'application/pdf',
			fileName: expect.stringMatching(/-signed-.*\.pdf$/),
		}),
		expect.objectContaining({ field: 'certificate', mimeType: 'application/pdf' }),
	]);
	const pdf = await binaryBuffer(item.binary!.data);
	expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	const files = env.nodeRequests(mark).filter((r) => r.headers.host !== apiHost());
	expect(files.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'GET 200']);
	for (const r of files) expect(r.headers.apikey).toBeUndefined();
});

test('other field names; without a NOM-151 stamp only the signed PDF', async () => {
	const id = await signedContract(false);
	const result = await finalize(id, {
		downloadFiles: true,
		contractBinaryField: 'signed',
		certificateBinaryField: 'nom151',
	});
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({
		nom151CertificateUrl: null,
		binaryFields: { signedContract: 'signed' },
	});
	expect(Object.keys(result.items[0].binary ?? {})).toEqual(['signed']);
});

test('with file protection the files are on the API origin (/uploads/<id>) and fetched with the credential', async () => {
	env.sb.control.setFileProtection(true);
	const id = await signedContract();
	const mark = env.mark();
	const result = await finalize(id, { downloadFiles: true });
	expect(result.error).toBeUndefined();
	expect(String(result.items[0].json.signedPdfUrl)).toMatch(
		new RegExp(`^${env.sb.baseUrl}/uploads/`),
	);
	const files = env.nodeRequests(mark).filter((r) => r.path.startsWith('/uploads/'));
	expect(files).toHaveLength(2);
	for (const r of files)
		expect([r.headers.host, r.headers.apikey, r.status]).toEqual([apiHost(), '<redacted>', 200]);
});

test('a file that cannot be downloaded after finalizing: the item says so and keeps the links, nothing thrown', async () => {
	const id = await signedContract();
	env.sb.control.addFault({ origin: 'upload', path: '*', status: 404, times: 5 });
	const result = await finalize(id, { downloadFiles: true });
	expect(result.error).toBeUndefined();
	const json = result.items[0].json;
	expect(json.finalized).toBe(true);
	expect(json.signedPdfUrl).toEqual(expect.any(String));
	expect(json.filesError).toMatch(
		/^The contract was finalized, but a file could not be downloaded: .*Do not finalize it again; get the files with Contract → Get Signed Documents\.$/,
	);
	expect(env.sb.control.getContract(id)!.status).toBe('FINALIZED');
});

test('an answer without files (finalize-success-only): read from the signed documents record; a failed read is said on the item', async () => {
	env.sb.control.setVariants(['finalize-success-only']);
	const id = await signedContract();
	env.sb.control.addFault({
		method: 'GET',
		path: '/api/contract/documents/*',
		status: 409,
		times: 3,
	});
	const result = await finalize(id, { downloadFiles: true });
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toEqual({
		contractId: id,
		finalized: true,
		filesError: expect.stringMatching(
			/^The contract was finalized, but its files could not be read: /,
		),
	});
	expect(result.items[0].binary).toBeUndefined();
});

test('two files into one field are refused before any request', async () => {
	const id = await signedContract();
	const mark = env.mark();
	const result = await finalize(id, { downloadFiles: true, certificateBinaryField: 'data' });
	expect(result.error?.message).toBe('Two downloaded files would go to the same binary field');
	expect(env.nodeRequests(mark)).toHaveLength(0);
	expect(env.sb.control.getContract(id)!.status).toBe('RECEIVED_SIGNED');
});

test('Max File Size (MB): a file over it is not downloaded, the item says so and the contract stays finalized; a bad value is refused before any request', async () => {
	const id = await signedContract();
	const result = await finalize(id, { downloadFiles: true, options: { maxFileSize: 0.001 } });
	expect(result.error).toBeUndefined();
	const [item] = result.items;
	expect(item.json.filesError).toBe(
		'The contract was finalized, but a file could not be downloaded: The file is larger than the Max File Size (0.001 MB). Do not finalize it again; get the files with Contract → Get Signed Documents.',
	);
	expect(item.binary?.data).toBeUndefined();
	expect(env.sb.control.getContract(id)!.status).toBe('FINALIZED');

	const other = await signedContract();
	const mark = env.mark();
	const refused = await finalize(other, { downloadFiles: true, options: { maxFileSize: 0 } });
	expect(refused.error?.message).toBe(
		'"Max File Size (MB)" must be a positive number of megabytes, not 0',
	);
	expect(env.nodeRequests(mark)).toHaveLength(0);
	expect(env.sb.control.getContract(other)!.status).toBe('RECEIVED_SIGNED');
});
