/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
// Business rules of the simulated service: contracts, participants, the state machine, files.
import { generateKeyPairSync, sign as rsaSign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { certificatePdf, placeholderPdf, renderTemplatePdf, signedPdf, zip } from './documents';
import {
	DataFile,
	Store,
	compareContracts,
	participantStatusBit,
	statusCode as storeStatusCode,
	variableKey,
} from './store';
import { TEMPLATES, findTemplate } from './templates';
import { Variants } from './variants';
import type {
	AttachmentState,
	CertificateData,
	ContractConfig,
	ContractState,
	ContractStatus,
	Credits,
	FileKind,
	FileRecord,
	ParticipantState,
	SignOptions,
	TemplateParticipantDef,
	TemplateState,
	VariableState,
} from './types';
import {
	ApiError,
	OBJECT_ID,
	badRequest,
	conflict,
	derivedId,
	isPlainObject,
	notFound,
	objectId,
	parseIsoTimestamp,
	randomToken,
	safeFileName,
	sha256Hex,
} from './util';
import { TRATO_TEXTS } from './tratoTexts';

export const CONFIG_LOCKED: readonly ContractStatus[] = [
	'RECEIVED_SIGNED',
	'SENT_SIGNED',
	'SENT_TO_DOWNLOAD',
	'FINALIZED',
	'CANCELED',
	'EXPIRED',
	'REJECTED',
];
export const SENDABLE: readonly ContractStatus[] = [
	'',
	'RECEIVED_FILLED',
	'APPROVED',
	'NEGOTIATED',
];
export const SIGNED_ALL: readonly ContractStatus[] = [
	'RECEIVED_SIGNED',
	'SENT_TO_DOWNLOAD',
	'SENT_SIGNED',
	'FINALIZED',
];
export const IN_PROGRESS: readonly ContractStatus[] = [
	'SENT_TO_SIGN',
	'NEGOTIATION',
	'NEGOTIATED',
	'SENT_TO_FILL',
	'SENT_TO_ACCEPT',
	'AUTHORIZE',
];
const PRE_SEND: readonly ContractStatus[] = ['', 'RECEIVED_FILLED', 'APPROVED'];

const DEFAULT_GEO = { latitude: 19.4326, longitude: -99.1332 };
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

const TEMPLATE_REFS_BY_NAME = new Map<string, string[]>();
for (const t of TEMPLATES) {
	for (const p of t.participants) {
		for (const v of p.variables)
			TEMPLATE_REFS_BY_NAME.set(v.name, [...(TEMPLATE_REFS_BY_NAME.get(v.name) ?? []), v.ref]);
	}
}

function hasVariable(c: ContractState, name: string, value: string): boolean {
	for (const p of c.participants) {
		for (const ref in p.variables) {
			const v = p.variables[ref];
			if ((ref === name || v.name === name) && v.type === 'text' && v.value === value) return true;
		}
	}
	return false;
}

export interface ListQuery {
	status?: ContractStatus;
	page: number;
	perPage: number;
	fromMs?: number;
	toMs?: number;
	email?: string;
	participantStatus?: string;
	variables?: Array<[string, string]>;
	templateId?: string;
	/** A filter value no contract can match (e.g. a participant status the active variant does not use). */
	matchesNothing?: boolean;
}

export interface CoreOptions {
	now: () => Date;
	jwtSecret: string;
	fileProtection: boolean;
	credits: Credits;
	dataFile?: string;
}

export class Core {
	readonly store: Store;
	readonly dataFile?: DataFile;
	baseUrl = '';
	uploadUrl = '';
	fileProtection: boolean;
	clockOffsetMs = 0;
	/**
	 * Precision of the listing's dateStart/dateEnd (tests only): 'ms' honours the whole timestamp (api-notes S5);
	 * 'day' ignores the time part (start of day / end of day), like an API that only reads the date.
	 */
	listDatePrecision: 'ms' | 'day' = 'ms';
	/** Active variant profiles (docs/sandbox.md); none by default. */
	variants: Variants = Variants.none;
	/** Told when a contract is looked up and after each change of a stored one (sandbox/webhooks.ts). */
	observer?: { seen(c: ContractState): void; changed(c: ContractState): void };
	private readonly pending = new Map<string, Promise<Buffer>>();

	constructor(readonly options: CoreOptions) {
		this.store = new Store(options.credits);
		this.fileProtection = options.fileProtection;
		if (options.dataFile) this.dataFile = new DataFile(options.dataFile, this.store);
	}

	now(): Date {
		return new Date(this.options.now().getTime() + this.clockOffsetMs);
	}

	nowIso(): string {
		return this.now().toISOString();
	}

	/** Records a mutation: refreshes the contract's index entries and schedules the data file write. */
	touch(c?: ContractState): void {
		if (c && this.store.contracts.get(c._id) === c) {
			this.store.reindex(c);
			this.observer?.changed(c);
		}
		this.dataFile?.markDirty();
	}

	event(c: ContractState, type: string, detail?: string): void {
		c.events.push({ at: this.nowIso(), type, ...(detail ? { detail } : {}) });
	}

	// -------------------------------------------------------------------------------------------
	// Lookups

	/** The two contract-id texts of TRATO's error page, on every {contractID} path (trato-notes "Error answers"). */
	contract(id: string): ContractState {
		if (!OBJECT_ID.test(id)) throw badRequest(TRATO_TEXTS.contractIdRequired);
		const c = this.store.contracts.get(id);
		if (!c) throw notFound(TRATO_TEXTS.contractUnknown(id));
		this.checkExpiry(c);
		this.observer?.seen(c);
		return c;
	}

	participant(c: ContractState, id: string): ParticipantState {
		if (!OBJECT_ID.test(id))
			throw badRequest(`Invalid participant id '${id}': expected 24 hexadecimal characters`);
		const p = c.participants.find((x) => x._id === id);
		if (!p) throw notFound(`Participant ${id} not found in contract ${c._id}`);
		return p;
	}

	// -------------------------------------------------------------------------------------------
	// Creation

	newContract(fields: {
		name: string;
		source: ContractState['source'];
		templateId?: string;
		createdAt?: Date;
	}): ContractState {
		const created = fields.createdAt ?? this.now();
		return {
			_id: objectId(created),
			name: fields.name,
			status: '',
			createdAt: created.toISOString(),
			createdAtMs: created.getTime(),
			signedAt: '',
			source: fields.source,
			...(fields.templateId ? { templateId: fields.templateId } : {}),
			docVersion: 0,
			config: {},
			participants: [],
			spectators: [],
			properties: [],
			confidentialAttachments: [],
			reminders: [],
			events: [],
			fileIds: {},
		};
	}

	blankParticipant(
		label: string,
		createdAt: Date,
		obligation: 'individual' | 'legal' = 'individual',
	): ParticipantState {
		return {
			_id: objectId(createdAt),
			label,
			name: '',
			email: '',
			phone: '',
			obligation,
			representative: '',
			address: '',
			status: 'PENDING',
			variables: {},
			attachments: [],
		};
	}

	participantFromTemplate(def: TemplateParticipantDef, createdAt: Date): ParticipantState {
		const p = this.blankParticipant(def.label, createdAt, def.obligation);
		for (const v of def.variables) {
			const state: VariableState = {
				name: v.name,
				type: v.type,
				value: v.type === 'dynamictable' ? {} : (v.value ?? ''),
			};
			p.variables[v.ref] = state;
		}
		return p;
	}

	createFromTemplate(
		template: TemplateState,
		source: ContractState['source'] = 'template',
	): ContractState {
		const c = this.newContract({ name: template.name, source, templateId: template.templateId });
		const at = new Date(c.createdAtMs);
		c.participants = template.participants.map((def) => this.participantFromTemplate(def, at));
		return c;
	}

	createFromDocument(
		pdf: Buffer,
		documentType: 'pdf' | 'word',
		source: ContractState['source'] = 'document',
	): ContractState {
		const c = this.newContract({ name: '', source });
		const at = new Date(c.createdAtMs);
		c.documentType = documentType;
		const file = this.newFile(c, 'document', 'application/pdf', 'contract.pdf');
		file.data = pdf;
		c.documentFileId = file.id;
		c.fileIds.document = file.id;
		c.participants = [this.blankParticipant('Signer 1', at), this.blankParticipant('Signer 2', at)];
		return c;
	}

	/** Adds a new contract to the store and records it. */
	commit(c: ContractState): ContractState {
		this.store.addContract(c);
		this.touch(c);
		return c;
	}

	// -------------------------------------------------------------------------------------------
	// Configuration and participants

	assertConfigurable(c: ContractState, what: string): void {
		if (CONFIG_LOCKED.includes(c.status)) {
			throw conflict(
				`Cannot ${what}: contract ${c._id} is ${c.status} (only possible before signing)`,
			);
		}
		if (c.participants.some((p) => p.status === 'SIGNED')) {
			throw conflict(`Cannot ${what}: a participant of contract ${c._id} has already signed`);
		}
	}

	configure(c: ContractState, cfg: ContractConfig): void {
		this.assertConfigurable(c, 'configure the contract');
		const merged = { ...c.config, ...cfg };
		if (
			merged.expiryStartDate &&
			merged.expiryEndDate &&
			merged.expiryStartDate > merged.expiryEndDate
		) {
			throw badRequest(
				`expiryStartDate (${merged.expiryStartDate}) is after expiryEndDate (${merged.expiryEndDate})`,
			);
		}
		c.config = merged;
		if (cfg.name !== undefined) c.name = cfg.name;
		if (cfg.externalId !== undefined) {
			if (cfg.externalId === '') delete c.externalId;
			else c.externalId = cfg.externalId;
		}
		if (cfg.password === true && !c.password) c.password = randomToken(9);
		if (cfg.password === false) delete c.password;
		if (c.sentAt && merged.expiryUndefined === false && merged.expiryEndDate)
			this.store.expiryWatch.add(c._id);
		c.docVersion++;
		this.event(c, 'configured', Object.keys(cfg).join(', '));
		this.touch(c);
	}

	// -------------------------------------------------------------------------------------------
	// Send

	/** Every problem that prevents sending (empty when the configuration is valid). */
	configurationProblems(c: ContractState): string[] {
		const problems: string[] = [];
		const cfg = c.config;
		if (!c.name.trim()) problems.push('name is missing (set it with the contract configuration)');
		if (c.participants.length === 0) problems.push('the contract has no participants');
		const sms = cfg.notificationType === 'sms' || cfg.notificationType === 'email-sms';
		c.participants.forEach((p, i) => {
			const who = `participant ${i + 1} (${p.label}${p._id ? `, ${p._id}` : ''})`;
			if (!p.name.trim()) problems.push(`${who}: name is empty`);
			if (!p.email.trim()) problems.push(`${who}: e-mail is empty`);
			else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p.email))
				problems.push(`${who}: e-mail "${p.email}" is not valid`);
			if (sms && !p.phone.trim())
				problems.push(`${who}: phone is required when notificationType is ${cfg.notificationType}`);
			if (p.obligation === 'legal' && !p.representative.trim())
				problems.push(`${who}: a legal entity needs a representative`);
		});
		const emails = c.participants.map((p) => p.email.trim().toLowerCase()).filter(Boolean);
		const dup = emails.find((e, i) => emails.indexOf(e) !== i);
		if (dup) problems.push(`two participants share the e-mail ${dup}`);
		if (cfg.expiryUndefined === false) {
			const ymd = /^\d{4}-\d{2}-\d{2}$/;
			if (!cfg.expiryStartDate)
				problems.push('expiryStartDate is missing (required when expiryUndefined is false)');
			else if (!ymd.test(cfg.expiryStartDate))
				problems.push(`expiryStartDate "${cfg.expiryStartDate}" is not YYYY-MM-DD`);
			if (!cfg.expiryEndDate)
				problems.push('expiryEndDate is missing (required when expiryUndefined is false)');
			else if (!ymd.test(cfg.expiryEndDate))
				problems.push(`expiryEndDate "${cfg.expiryEndDate}" is not YYYY-MM-DD`);
			if (cfg.expiryStartDate && cfg.expiryEndDate && cfg.expiryStartDate > cfg.expiryEndDate) {
				problems.push(
					`expiryStartDate (${cfg.expiryStartDate}) is after expiryEndDate (${cfg.expiryEndDate})`,
				);
			}
			if (cfg.expiryEndDate && cfg.expiryEndDate < this.nowIso().slice(0, 10)) {
				problems.push(`expiryEndDate (${cfg.expiryEndDate}) is in the past`);
			}
		}
		if (cfg.signatureType === 'shield2-certificate' && this.store.credits.shield2 <= 0) {
			problems.push(
				'signatureType shield2-certificate needs shield-2 credits and none are available',
			);
		}
		return problems;
	}

	send(c: ContractState): void {
		if (!SENDABLE.includes(c.status)) {
			throw conflict(
				`Contract ${c._id} cannot be sent to signature in status ${c.status || '"" (draft)'}`,
			);
		}
		const problems = this.configurationProblems(c);
		if (problems.length) {
			throw conflict(`Invalid contract configuration: ${problems.join('; ')}`, {
				errors: problems,
			});
		}
		const next: ContractStatus =
			c.status !== 'NEGOTIATED' && c.config.negotiate === true ? 'NEGOTIATION' : 'SENT_TO_SIGN';
		c.status = next;
		c.sentAt = this.nowIso();
		for (const p of c.participants) {
			if (p.status === 'PENDING') p.status = 'SENT';
			this.ensureToken(c, p);
		}
		if (c.config.expiryUndefined === false && c.config.expiryEndDate)
			this.store.expiryWatch.add(c._id);
		this.event(c, 'sent', next);
		this.touch(c);
	}

	ensureToken(c: ContractState, p: ParticipantState): string {
		if (!p.signToken) {
			p.signToken = randomToken(18);
			this.store.tokens.set(p.signToken, { contractId: c._id, participantId: p._id });
			this.touch(c);
		}
		return p.signToken;
	}

	signUrl(c: ContractState, p: ParticipantState): string {
		return `${this.baseUrl}/sign/${this.ensureToken(c, p)}`;
	}

	renewToken(c: ContractState, p: ParticipantState): string {
		if (p.signToken) this.store.tokens.delete(p.signToken);
		delete p.signToken;
		return this.signUrl(c, p);
	}

	renewSignUrl(url: string): string {
		const m = /\/sign\/([A-Za-z0-9_-]+)\/?$/.exec(url.split(/[?#]/)[0]);
		if (!m)
			throw badRequest(`Field 'url' is not a signing URL (expected ${this.baseUrl}/sign/<token>)`);
		const ref = this.store.tokens.get(m[1]);
		if (!ref) throw notFound('Signing URL not found (unknown, or already renewed)');
		const c = this.contract(ref.contractId);
		const p = this.participant(c, ref.participantId);
		if (p.status === 'SIGNED')
			throw conflict('The participant has already signed; the link cannot be renewed');
		if (!IN_PROGRESS.includes(c.status))
			throw conflict(
				`Contract ${c._id} is ${c.status || 'a draft'}; signing links can only be renewed while it is in progress`,
			);
		const next = this.renewToken(c, p);
		this.event(c, 'sign-url-renewed', p._id);
		this.touch(c);
		return next;
	}

	// -------------------------------------------------------------------------------------------
	// State changes (API and control)

	allSigned(c: ContractState): boolean {
		return c.participants.length > 0 && c.participants.every((p) => p.status === 'SIGNED');
	}

	cancel(c: ContractState): void {
		if (c.status === 'CANCELED') throw conflict(`Contract ${c._id} is already cancelled`);
		if (SIGNED_ALL.includes(c.status) || this.allSigned(c)) {
			throw conflict(
				`Contract ${c._id} is signed by all participants (${c.status}) and cannot be cancelled`,
			);
		}
		c.status = 'CANCELED';
		c.canceledAt = this.nowIso();
		this.event(c, 'canceled');
		this.touch(c);
	}

	finalize(c: ContractState): void {
		if (c.status !== 'RECEIVED_SIGNED') {
			throw conflict(
				`Contract ${c._id} can only be finalized when RECEIVED_SIGNED (it is ${c.status || '"" (draft)'})`,
			);
		}
		c.status = 'FINALIZED';
		c.finalizedAt = this.nowIso();
		this.event(c, 'finalized');
		this.touch(c);
	}

	archive(c: ContractState): void {
		if (!c.archived) {
			c.archived = true;
			c.archivedAt = this.nowIso();
			this.event(c, 'archived');
			this.touch(c);
		}
	}

	remind(c: ContractState): string[] {
		if (!['SENT_TO_SIGN', 'NEGOTIATION', 'NEGOTIATED'].includes(c.status)) {
			throw conflict(
				`Reminders need a contract waiting for signatures; contract ${c._id} is ${c.status || '"" (draft)'}`,
			);
		}
		const ids = c.participants.filter((p) => p.status === 'SENT').map((p) => p._id);
		if (ids.length === 0) throw conflict(`Contract ${c._id} has no participant waiting to sign`);
		c.reminders.push({ at: this.nowIso(), participantIds: ids });
		this.event(c, 'reminder', `${ids.length} participant(s)`);
		this.touch(c);
		return ids;
	}

	stampShield2(c: ContractState): void {
		if (c.config.signatureType !== 'shield2-certificate') {
			throw conflict(
				`Stamping needs signatureType shield2-certificate (contract ${c._id} has ${c.config.signatureType ?? 'autograph (default)'})`,
			);
		}
		if (['CANCELED', 'REJECTED', 'EXPIRED'].includes(c.status))
			throw conflict(`Contract ${c._id} is ${c.status}`);
		if (c.shield2Stamped) throw conflict(`Contract ${c._id} already has its shield-2 certificate`);
		if (this.store.credits.shield2 <= 0) throw conflict('No shield-2 credits available');
		this.store.credits.shield2--;
		c.shield2Stamped = true;
		this.event(c, 'shield2-stamped');
		this.touch(c);
	}

	sign(c: ContractState, options: SignOptions = {}): void {
		if (c.status !== 'SENT_TO_SIGN')
			throw conflict(
				`Contract ${c._id} is not waiting for signatures (status ${c.status || '"" (draft)'})`,
			);
		let targets: ParticipantState[];
		if (options.participantId) {
			const p = this.participant(c, options.participantId);
			if (p.status === 'SIGNED') throw conflict(`Participant ${p._id} has already signed`);
			if (p.status === 'REJECTED') throw conflict(`Participant ${p._id} has rejected the contract`);
			targets = [p];
		} else {
			targets = c.participants.filter((p) => p.status !== 'SIGNED');
		}
		const geo = options.geolocation as unknown;
		if (
			geo !== undefined &&
			!(isPlainObject(geo) && typeof geo.latitude === 'number' && typeof geo.longitude === 'number')
		) {
			throw badRequest('geolocation must be {latitude, longitude} with numbers');
		}
		if (options.ip !== undefined && typeof options.ip !== 'string')
			throw badRequest('ip must be a string');
		const signedAt = options.signedAt
			? parseIsoTimestamp(options.signedAt, 'signedAt')
			: this.nowIso();
		for (const p of targets) {
			const index = c.participants.indexOf(p);
			p.status = 'SIGNED';
			p.signedAt = signedAt;
			p.ip = options.ip ?? `203.0.113.${10 + index}`;
			p.geolocation = options.geolocation ?? { ...DEFAULT_GEO };
			this.event(c, 'signed', `${p.label} ${p.email}`);
		}
		if (this.allSigned(c)) {
			c.status = 'RECEIVED_SIGNED';
			c.signedAt =
				c.participants
					.map((p) => p.signedAt ?? '')
					.sort()
					.pop() ?? signedAt;
			this.event(c, 'signed-by-all');
		}
		this.touch(c);
	}

	reject(c: ContractState, participantId?: string, reason?: string): void {
		if (c.status !== 'SENT_TO_SIGN' && c.status !== 'NEGOTIATION') {
			throw conflict(`Contract ${c._id} cannot be rejected in status ${c.status || '"" (draft)'}`);
		}
		const p = participantId
			? this.participant(c, participantId)
			: c.participants.find((x) => x.status !== 'SIGNED');
		if (!p) throw conflict('No participant left who could reject');
		if (p.status === 'SIGNED') throw conflict(`Participant ${p._id} has already signed`);
		p.status = 'REJECTED';
		p.rejectedAt = this.nowIso();
		if (reason) p.rejectReason = reason;
		c.status = 'REJECTED';
		c.rejectedAt = p.rejectedAt;
		this.event(c, 'rejected', `${p.label}${reason ? `: ${reason}` : ''}`);
		this.touch(c);
	}

	acceptNegotiation(c: ContractState): void {
		if (c.status !== 'NEGOTIATION')
			throw conflict(
				`Contract ${c._id} is not in NEGOTIATION (status ${c.status || '"" (draft)'})`,
			);
		c.status = 'NEGOTIATED';
		c.negotiatedAt = this.nowIso();
		this.event(c, 'negotiated');
		this.touch(c);
	}

	expire(c: ContractState): void {
		if (c.status !== 'SENT_TO_SIGN' && c.status !== '')
			throw conflict(`Contract ${c._id} cannot expire in status ${c.status}`);
		c.status = 'EXPIRED';
		c.expiredAt = this.nowIso();
		this.event(c, 'expired');
		this.touch(c);
	}

	deliver(c: ContractState, complete = false): void {
		if (c.status === 'RECEIVED_SIGNED' || c.status === 'FINALIZED') {
			c.status = complete ? 'SENT_SIGNED' : 'SENT_TO_DOWNLOAD';
		} else if (c.status === 'SENT_TO_DOWNLOAD') {
			c.status = 'SENT_SIGNED';
		} else {
			throw conflict(
				`Documents of contract ${c._id} cannot be delivered in status ${c.status || '"" (draft)'}`,
			);
		}
		c.deliveredAt = this.nowIso();
		this.event(c, 'delivered', c.status);
		this.touch(c);
	}

	/** Test-only status change; participant statuses follow so the contract stays coherent. */
	setStatus(c: ContractState, status: ContractStatus): void {
		const now = this.nowIso();
		c.status = status;
		if (PRE_SEND.includes(status)) {
			delete c.sentAt;
			c.signedAt = '';
			for (const p of c.participants) {
				p.status = 'PENDING';
				delete p.signedAt;
				delete p.ip;
				delete p.geolocation;
			}
		} else {
			c.sentAt ??= now;
			if (SIGNED_ALL.includes(status)) {
				c.participants.forEach((p, i) => {
					if (p.status !== 'SIGNED') {
						p.status = 'SIGNED';
						p.signedAt = now;
						p.ip = `203.0.113.${10 + i}`;
						p.geolocation = { ...DEFAULT_GEO };
					}
				});
				if (!c.signedAt) c.signedAt = now;
			} else if (status === 'REJECTED') {
				if (!c.participants.some((p) => p.status === 'REJECTED')) {
					const p = c.participants.find((x) => x.status !== 'SIGNED');
					if (p) {
						p.status = 'REJECTED';
						p.rejectedAt = now;
					}
				}
			} else {
				for (const p of c.participants) if (p.status === 'PENDING') p.status = 'SENT';
			}
		}
		if (status === 'FINALIZED') c.finalizedAt ??= now;
		if (status === 'CANCELED') c.canceledAt ??= now;
		if (status === 'EXPIRED') c.expiredAt ??= now;
		if (status === 'REJECTED') c.rejectedAt ??= now;
		this.event(c, 'status-set', status || 'draft');
		this.touch(c);
	}

	/** Automatic expiry (api-notes transition "expiry date passes"): checked when a contract is read or listed. */
	checkExpiry(c: ContractState): void {
		if (
			c.status !== 'SENT_TO_SIGN' ||
			c.config.expiryUndefined !== false ||
			!c.config.expiryEndDate
		)
			return;
		const end = Date.parse(`${c.config.expiryEndDate}T23:59:59.999Z`);
		if (!Number.isNaN(end) && this.now().getTime() > end) {
			c.status = 'EXPIRED';
			c.expiredAt = new Date(end).toISOString();
			this.event(c, 'expired', `expiryEndDate ${c.config.expiryEndDate}`);
			this.touch(c);
		}
	}

	sweepExpiry(): void {
		for (const id of this.store.expiryWatch) {
			const c = this.store.contracts.get(id);
			if (!c || !['SENT_TO_SIGN', 'NEGOTIATION', 'NEGOTIATED'].includes(c.status)) {
				this.store.expiryWatch.delete(id);
				continue;
			}
			this.checkExpiry(c);
		}
	}

	// -------------------------------------------------------------------------------------------
	// Listing

	list(q: ListQuery): { items: ContractState[]; total: number } {
		this.sweepExpiry();
		const s = this.store;
		const lo = q.fromMs === undefined ? 0 : s.lowerBound(q.fromMs);
		const hi = q.toMs === undefined ? s.sorted.length : s.upperBound(q.toMs);
		const skip = (q.page - 1) * q.perPage;
		const items: ContractState[] = [];
		const statusCode = q.status === undefined ? -1 : storeStatusCode(q.status);
		const templateCode = q.templateId === undefined ? -1 : s.lookupTemplateCode(q.templateId);
		const pBit = q.participantStatus ? participantStatusBit(q.participantStatus) : 0;
		const email = q.email?.toLowerCase();

		// Selective filters (e-mail, variables) go through their candidate lists, re-checked, then sorted.
		const lists: ContractState[][] = [];
		if (email) lists.push(s.emailIndex.get(email) ?? []);
		for (const [name, value] of q.variables ?? []) {
			// a pair names a variable by reference or by its document name (template variables have both)
			const refs = new Set([name, ...(TEMPLATE_REFS_BY_NAME.get(name) ?? [])]);
			lists.push([...refs].flatMap((ref) => s.variableIndex.get(variableKey(ref, value)) ?? []));
		}
		if (lists.length > 0) {
			lists.sort((a, b) => a.length - b.length);
			const fromMs = q.fromMs ?? -Infinity;
			const toMs = q.toMs ?? Infinity;
			const hits = new Set<ContractState>();
			for (const c of lists[0]) {
				if (hits.has(c) || c.createdAtMs < fromMs || c.createdAtMs > toMs) continue;
				if (q.status !== undefined && c.status !== q.status) continue;
				if (q.templateId !== undefined && c.templateId !== q.templateId) continue;
				if (email || pBit) {
					const ok = c.participants.some(
						(p) =>
							(!email || p.email.toLowerCase() === email) &&
							(!q.participantStatus || p.status === q.participantStatus),
					);
					if (!ok) continue;
				}
				if (q.variables && !q.variables.every(([name, value]) => hasVariable(c, name, value)))
					continue;
				hits.add(c);
			}
			const sorted = [...hits].sort((a, b) => compareContracts(b, a));
			return { items: sorted.slice(skip, skip + q.perPage), total: sorted.length };
		}

		const wantStatus = q.status !== undefined;
		const wantTemplate = q.templateId !== undefined;
		if (!wantStatus && !wantTemplate && !pBit) {
			const total = Math.max(0, hi - lo);
			for (let i = hi - 1 - skip; i >= lo && items.length < q.perPage; i--) items.push(s.sorted[i]);
			return { items, total };
		}
		// Scan of the parallel code arrays (no object access until a hit is on the requested page).
		const statuses = s.statusCodes;
		const templates = s.templateCodes;
		const masks = s.participantMasks;
		let total = 0;
		for (let i = hi - 1; i >= lo; i--) {
			if (wantStatus && statuses[i] !== statusCode) continue;
			if (wantTemplate && templates[i] !== templateCode) continue;
			if (pBit && (masks[i] & pBit) === 0) continue;
			if (total >= skip && items.length < q.perPage) items.push(s.sorted[i]);
			total++;
		}
		return { items, total };
	}

	// -------------------------------------------------------------------------------------------
	// Milestones (api-notes S11)

	milestones(c: ContractState) {
		const expected =
			c.config.expiryUndefined === false && c.config.expiryEndDate
				? new Date(`${c.config.expiryEndDate}T23:59:59.999Z`).toISOString()
				: '';
		const m = (i: number, name: string, realDate: string | undefined, expectedDate = '') => ({
			_id: derivedId(`${c._id}:milestone:${i}`),
			completed: Boolean(realDate),
			name,
			expectedDate,
			realDate: realDate ?? '',
		});
		return [
			m(0, 'Contract created', c.createdAt, c.createdAt),
			m(1, 'Sent to signature', c.sentAt),
			m(
				2,
				'Signed by all participants',
				c.signedAt && this.allSigned(c) ? c.signedAt : undefined,
				expected,
			),
			m(3, 'Finalized', c.finalizedAt),
		];
	}

	// -------------------------------------------------------------------------------------------
	// Files

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
			id: objectId(this.now()),
			name: `${c._id}-${safeFileName(base)}-${randomToken(6).replace(/[-_]/g, 'x')}.${ext}`,
			contentType,
			contractId: c._id,
			kind,
			createdAt: this.nowIso(),
			...(participantId ? { participantId } : {}),
		};
		this.store.addFile(file);
		this.touch(c);
		return file;
	}

	fileUrl(file: FileRecord): string {
		return this.fileProtection
			? `${this.baseUrl}/uploads/${file.id}`
			: `${this.uploadUrl}/${file.name}`;
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
			_id: objectId(this.now()),
			...att,
			fileId: file.id,
			createdAt: this.nowIso(),
		};
		if (p) p.attachments.push(record);
		else c.confidentialAttachments.push(record);
		c.docVersion++;
		this.event(c, p ? 'attachment-added' : 'confidential-attachment-added', att.name);
		this.touch(c);
		return record;
	}

	/** Bytes of a file, generating them on first use (deduplicated while in progress). */
	async fileBytes(file: FileRecord): Promise<Buffer> {
		const c = this.store.contracts.get(file.contractId);
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
		const c = this.store.contracts.get(file.contractId);
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
		this.touch(c);
		return data;
	}

	documentFile(c: ContractState): FileRecord {
		const id = c.fileIds.document;
		const existing = id ? this.store.files.get(id) : undefined;
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
				const f = this.store.files.get(a.fileId);
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
		const now = this.now();
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
		this.store.certificates.set(sha256Hex(pdf), { contractId: c._id, data });
		return pdf;
	}

	roleFile(c: ContractState, role: 'signed' | 'certificate'): FileRecord {
		const id = c.fileIds[role];
		const existing = id ? this.store.files.get(id) : undefined;
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
		const existing = id ? this.store.files.get(id) : undefined;
		if (existing) return existing;
		const file = this.newFile(c, 'video', 'video/webm', `${p._id}-declaration`, p._id);
		c.fileIds.videos[p._id] = file.id;
		return file;
	}

	partialFile(c: ContractState): FileRecord {
		const signatures = c.participants.filter((p) => p.status === 'SIGNED').length;
		const cur = c.fileIds.partial;
		const existing =
			cur && cur.signatures === signatures ? this.store.files.get(cur.fileId) : undefined;
		if (existing) return existing;
		const file = this.newFile(c, 'partial', 'application/pdf', `partially-signed-${signatures}`);
		c.fileIds.partial = { signatures, fileId: file.id };
		return file;
	}

	/** Signed documents record (spec 2.9); generates the files so every URL can be fetched at once. */
	async signedDocuments(c: ContractState, partial: boolean) {
		const full = SIGNED_ALL.includes(c.status) || this.allSigned(c);
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
		if (SIGNED_ALL.includes(c.status) || this.allSigned(c)) {
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
		const full = SIGNED_ALL.includes(c.status) || this.allSigned(c);
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
				const f = this.store.files.get(a.fileId);
				if (f)
					add(
						`attachments/${safeFileName(p.label)}-${safeFileName(a.filename || a.name).replace(/\.(pdf|docx)$/i, '')}.pdf`,
						await this.fileBytes(f),
					);
			}
		}
		for (const a of c.confidentialAttachments) {
			const f = this.store.files.get(a.fileId);
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
			generatedAt: this.nowIso(),
			files: listed,
		};
		entries.push({ name: 'manifest.json', data: JSON.stringify(manifest, null, 2) });
		return { fileName: `${base}-${c._id}.zip`, data: await zip(entries) };
	}

	validateNom151(c: ContractState, bytes: Buffer) {
		const issued = this.store.certificates.get(sha256Hex(bytes));
		if (issued && issued.contractId === c._id) return { isValid: true, data: issued.data };
		return { isValid: false, data: null };
	}

	// -------------------------------------------------------------------------------------------
	// Spectators

	spectatorJwt(
		c: ContractState,
		spectator: { _id: string; email: string; linkExpirationDate: string | null },
	): string {
		const iat = Math.floor(this.now().getTime() / 1000);
		const claims: Record<string, unknown> = {
			sub: spectator._id,
			contractId: c._id,
			email: spectator.email,
			role: 'spectator',
			iat,
		};
		if (spectator.linkExpirationDate)
			claims.exp = Math.floor(Date.parse(spectator.linkExpirationDate) / 1000);
		return jwt.sign(claims, `${this.options.jwtSecret}:spectator`, { algorithm: 'HS256' });
	}
}
