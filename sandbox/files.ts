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
// The contract's files: records, URLs (protected or public), generated PDFs (document, signed, partially signed,
// NOM-151 certificate), declaration videos, attachments, the package ZIP. Behind `FilesHost`, not the whole core.
import { generateKeyPairSync, sign as rsaSign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificatePdf, placeholderPdf, renderTemplatePdf, signedPdf, zip } from './documents';
import { SIGNED_ALL, allSigned } from './lifecycle';
import type { Store } from './store';
import { findTemplate } from './templates';
import type {
	AttachmentState,
	CertificateData,
	ContractState,
	FileKind,
	FileRecord,
	ParticipantState,
} from './types';
import { ApiError, conflict, objectId, randomToken, safeFileName, sha256Hex } from './util';

const VIDEO_ASSET = join(__dirname, 'assets', 'declaration.webm');
let videoBytes: Buffer | undefined;
function declarationVideo(): Buffer {
	videoBytes ??= readFileSync(VIDEO_ASSET);
	return videoBytes;
}

let certKey: KeyObject | undefined;
function certificateKey(): KeyObject {
	certKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
	return certKey;
}

/** What the files need from the sandbox: the clock, the store, records of changes, the origins' addresses. */
interface FilesHost {
	readonly store: Pick<Store, 'files' | 'contracts' | 'certificates' | 'addFile'>;
	readonly fileProtection: boolean;
	readonly baseUrl: string;
	readonly uploadUrl: string;
	now(): Date;
	nowIso(): string;
	event(c: ContractState, type: string, detail?: string): void;
	touch(c?: ContractState): void;
}

export class Files {
	private readonly pending = new Map<string, Promise<Buffer>>();

	constructor(private readonly host: FilesHost) {}

	newFile(
		c: ContractState,
		kind: FileKind,
		contentType: string,
		suffix: string,
		participantId?: string,
	): FileRecord {
		const ext = contentType === 'video/webm' ? 'webm' : 'pdf';
		const base = suffix.replace(/\.(pdf|webm)$/, '');
		const file: FileRecord = {
			id: objectId(this.host.now()),
			name: `${c._id}-${safeFileName(base)}-${randomToken(6).replace(/[-_]/g, 'x')}.${ext}`,
			contentType,
			contractId: c._id,
			kind,
			createdAt: this.host.nowIso(),
			...(participantId ? { participantId } : {}),
		};
		this.host.store.addFile(file);
		this.host.touch(c);
		return file;
	}

	fileUrl(file: FileRecord): string {
		return this.host.fileProtection
			? `${this.host.baseUrl}/uploads/${file.id}`
			: `${this.host.uploadUrl}/${file.name}`;
	}

	addAttachment(
		c: ContractState,
		p: ParticipantState | undefined,
		att: Omit<AttachmentState, '_id' | 'fileId' | 'createdAt'>,
		pdf: Buffer,
	): AttachmentState {
		const file = this.newFile(
			c,
			'attachment',
			'application/pdf',
			`attachment-${att.filename || att.name}`,
			p?._id,
		);
		file.data = pdf;
		const record: AttachmentState = {
			_id: objectId(this.host.now()),
			...att,
			fileId: file.id,
			createdAt: this.host.nowIso(),
		};
		if (p) p.attachments.push(record);
		else c.confidentialAttachments.push(record);
		c.docVersion++;
		this.host.event(c, p ? 'attachment-added' : 'confidential-attachment-added', att.name);
		this.host.touch(c);
		return record;
	}

	/** Bytes of a file, generating them on first use (deduplicated while in progress). */
	async fileBytes(file: FileRecord): Promise<Buffer> {
		const c = this.host.store.contracts.get(file.contractId);
		const stale =
			file.kind === 'document' && c && !c.documentFileId && file.version !== c.docVersion;
		if (file.data && !stale) return file.data;
		const running = this.pending.get(file.id);
		if (running) return running;
		const job = this.generate(file).finally(() => this.pending.delete(file.id));
		this.pending.set(file.id, job);
		return job;
	}

	private async generate(file: FileRecord): Promise<Buffer> {
		const c = this.host.store.contracts.get(file.contractId);
		if (!c) throw new ApiError(404, 'File not found');
		let data: Buffer;
		switch (file.kind) {
			case 'document': {
				const version = c.docVersion;
				const template = c.templateId ? findTemplate(c.templateId) : undefined;
				data =
					template && c.source !== 'document'
						? await renderTemplatePdf(template, c)
						: await placeholderPdf(c);
				file.version = version;
				break;
			}
			case 'signed':
			case 'partial':
				data = await this.renderSigned(c, file.kind === 'partial');
				break;
			case 'certificate':
				data = await this.renderCertificate(c);
				break;
			case 'video':
				data = declarationVideo();
				break;
			default:
				throw new ApiError(404, 'File content is missing');
		}
		file.data = data;
		this.host.touch(c);
		return data;
	}

	documentFile(c: ContractState): FileRecord {
		const id = c.fileIds.document;
		const existing = id ? this.host.store.files.get(id) : undefined;
		if (existing) return existing;
		const file = this.newFile(c, 'document', 'application/pdf', 'contract');
		c.fileIds.document = file.id;
		return file;
	}

	private async renderSigned(c: ContractState, partial: boolean): Promise<Buffer> {
		const source = await this.fileBytes(this.documentFile(c));
		const attachments: Array<{ name: string; pdf: Buffer }> = [];
		for (const p of c.participants) {
			for (const a of p.attachments) {
				const f = this.host.store.files.get(a.fileId);
				if (f?.data) attachments.push({ name: a.name, pdf: f.data });
			}
		}
		return signedPdf({
			source,
			attachments,
			contract: c,
			partial,
			sourceSha256: sha256Hex(source),
		});
	}

	private async renderCertificate(c: ContractState): Promise<Buffer> {
		const signed = await this.fileBytes(this.roleFile(c, 'signed'));
		const now = this.host.now();
		const number = `NOM151-${now.getUTCFullYear()}-${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
		const hash = sha256Hex(signed);
		const expeditionDate = now.toISOString();
		const data: CertificateData = {
			number,
			caName: 'Sandbox PSC (test certification authority, not legally valid)',
			hash,
			hashAlg: 'SHA-256',
			expeditionDate,
			rsaSignature: rsaSign(
				'sha256',
				Buffer.from(`${number}|${hash}|${expeditionDate}`),
				certificateKey(),
			).toString('base64'),
			policy: '2.16.484.101.10.316.2.1.1.1.1.1',
		};
		const pdf = await certificatePdf(c, data);
		this.host.store.certificates.set(sha256Hex(pdf), { contractId: c._id, data });
		return pdf;
	}

	roleFile(c: ContractState, role: 'signed' | 'certificate'): FileRecord {
		const id = c.fileIds[role];
		const existing = id ? this.host.store.files.get(id) : undefined;
		if (existing) return existing;
		const file = this.newFile(
			c,
			role,
			'application/pdf',
			role === 'signed' ? 'signed' : 'nom151-certificate',
		);
		c.fileIds[role] = file.id;
		return file;
	}

	videoFile(c: ContractState, p: ParticipantState): FileRecord {
		c.fileIds.videos ??= {};
		const id = c.fileIds.videos[p._id];
		const existing = id ? this.host.store.files.get(id) : undefined;
		if (existing) return existing;
		const file = this.newFile(c, 'video', 'video/webm', `${p._id}-declaration`, p._id);
		c.fileIds.videos[p._id] = file.id;
		return file;
	}

	partialFile(c: ContractState): FileRecord {
		const signatures = c.participants.filter((p) => p.status === 'SIGNED').length;
		const cur = c.fileIds.partial;
		const existing =
			cur && cur.signatures === signatures ? this.host.store.files.get(cur.fileId) : undefined;
		if (existing) return existing;
		const file = this.newFile(c, 'partial', 'application/pdf', `partially-signed-${signatures}`);
		c.fileIds.partial = { signatures, fileId: file.id };
		return file;
	}

	/** Signed documents record (spec 2.9); generates the files so every URL can be fetched at once. */
	async signedDocuments(c: ContractState, partial: boolean) {
		const full = SIGNED_ALL.includes(c.status) || allSigned(c);
		const signers = c.participants.filter((p) => p.status === 'SIGNED');
		if (!full && !(partial && signers.length > 0)) {
			throw conflict(
				partial
					? `No participant of contract ${c._id} has signed yet`
					: `Contract ${c._id} is not signed by all participants (status ${c.status || '"" (draft)'}); use partial=true for partially signed documents`,
			);
		}
		const contractFile = full ? this.roleFile(c, 'signed') : this.partialFile(c);
		await this.fileBytes(contractFile);
		const documents: Record<string, string> = { signed_contract: this.fileUrl(contractFile) };
		if (full && c.config.stampNom === true) {
			const cert = this.roleFile(c, 'certificate');
			await this.fileBytes(cert);
			documents.signed_certificate = this.fileUrl(cert);
		}
		const participants = (full ? c.participants : signers).map((p) => {
			const video = this.videoFile(c, p);
			return { video: this.fileUrl(video), participantid: p._id, email: p.email };
		});
		return { contractid: c._id, name: c.name, documents, participants };
	}

	/** URL of the contract PDF for the status record: the signed PDF once signed, the sent document before. */
	async statusPdf(c: ContractState): Promise<string> {
		if (SIGNED_ALL.includes(c.status) || allSigned(c)) {
			const f = this.roleFile(c, 'signed');
			await this.fileBytes(f);
			return this.fileUrl(f);
		}
		if (c.sentAt) {
			const f = this.documentFile(c);
			await this.fileBytes(f);
			return this.fileUrl(f);
		}
		return '';
	}

	async packageZip(c: ContractState): Promise<{ fileName: string; data: Buffer }> {
		const base = safeFileName(c.name || 'contract');
		const entries: Array<{ name: string; data: Buffer | string }> = [];
		const listed: string[] = [];
		const add = (name: string, data: Buffer) => {
			entries.push({ name, data });
			listed.push(name);
		};
		add(`${base}.pdf`, await this.fileBytes(this.documentFile(c)));
		const full = SIGNED_ALL.includes(c.status) || allSigned(c);
		if (full) {
			add(`${base}-signed.pdf`, await this.fileBytes(this.roleFile(c, 'signed')));
			if (c.config.stampNom === true)
				add(`${base}-NOM151.pdf`, await this.fileBytes(this.roleFile(c, 'certificate')));
			for (const p of c.participants)
				add(
					`videos/${safeFileName(p.label)}-${p._id}.webm`,
					await this.fileBytes(this.videoFile(c, p)),
				);
		}
		for (const p of c.participants) {
			for (const a of p.attachments) {
				const f = this.host.store.files.get(a.fileId);
				if (f)
					add(
						`attachments/${safeFileName(p.label)}-${safeFileName(a.filename || a.name).replace(/\.(pdf|docx)$/i, '')}.pdf`,
						await this.fileBytes(f),
					);
			}
		}
		for (const a of c.confidentialAttachments) {
			const f = this.host.store.files.get(a.fileId);
			if (f)
				add(
					`confidential/${safeFileName(a.filename || a.name).replace(/\.(pdf|docx)$/i, '')}.pdf`,
					await this.fileBytes(f),
				);
		}
		const manifest = {
			contractid: c._id,
			name: c.name,
			status: c.status,
			createdAt: c.createdAt,
			signedAt: c.signedAt,
			generatedAt: this.host.nowIso(),
			files: listed,
		};
		entries.push({ name: 'manifest.json', data: JSON.stringify(manifest, null, 2) });
		return { fileName: `${base}-${c._id}.zip`, data: await zip(entries) };
	}

	validateNom151(c: ContractState, bytes: Buffer) {
		const issued = this.host.store.certificates.get(sha256Hex(bytes));
		if (issued && issued.contractId === c._id) return { isValid: true, data: issued.data };
		return { isValid: false, data: null };
	}
}
