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
// The contract's state machine, in one place: which status allows what (the sets below) and every transition,
// from the API (configure, send, cancel, finalize, archive, remind, stamp) and from the control API (sign, reject,
// accept a negotiation, expire, deliver, set a status), with automatic expiry. It sees the rest of the sandbox
// only through `LifecycleHost`.
import { configurationProblems } from './configurationProblems';
import type { Store } from './store';
import type {
	ContractConfig,
	ContractState,
	ContractStatus,
	ParticipantState,
	SignOptions,
} from './types';
import { badRequest, conflict, isPlainObject, parseIsoTimestamp, randomToken } from './util';

/** Statuses in which the configuration, participants and variables can no longer change. */
const CONFIG_LOCKED: readonly ContractStatus[] = [
	'RECEIVED_SIGNED',
	'SENT_SIGNED',
	'SENT_TO_DOWNLOAD',
	'FINALIZED',
	'CANCELED',
	'EXPIRED',
	'REJECTED',
];
/** Statuses from which a contract can be sent to signature. */
const SENDABLE: readonly ContractStatus[] = ['', 'RECEIVED_FILLED', 'APPROVED', 'NEGOTIATED'];
/** Statuses of a contract signed by every participant. */
export const SIGNED_ALL: readonly ContractStatus[] = [
	'RECEIVED_SIGNED',
	'SENT_TO_DOWNLOAD',
	'SENT_SIGNED',
	'FINALIZED',
];
/** Statuses of a contract in progress (sent, not yet signed by all): links renewable, e-mails changeable. */
export const IN_PROGRESS: readonly ContractStatus[] = [
	'SENT_TO_SIGN',
	'NEGOTIATION',
	'NEGOTIATED',
	'SENT_TO_FILL',
	'SENT_TO_ACCEPT',
	'AUTHORIZE',
];
/** Statuses before sending (setStatus clears the signatures). */
const PRE_SEND: readonly ContractStatus[] = ['', 'RECEIVED_FILLED', 'APPROVED'];

/** Statuses waiting for signatures: reminders possible, expiry watched. */
const AWAITING_SIGNATURES: readonly ContractStatus[] = [
	'SENT_TO_SIGN',
	'NEGOTIATION',
	'NEGOTIATED',
];

const DEFAULT_GEO = { latitude: 19.4326, longitude: -99.1332 };

/** Every participant has signed (and there is at least one). */
export function allSigned(c: ContractState): boolean {
	return c.participants.length > 0 && c.participants.every((p) => p.status === 'SIGNED');
}

/** What the state machine needs from the sandbox: the clock, the store, records of changes, participants. */
interface LifecycleHost {
	readonly store: Pick<Store, 'credits' | 'expiryWatch' | 'contracts'>;
	now(): Date;
	nowIso(): string;
	event(c: ContractState, type: string, detail?: string): void;
	touch(c?: ContractState): void;
	participant(c: ContractState, id: string): ParticipantState;
	ensureToken(c: ContractState, p: ParticipantState): string;
}

export class Lifecycle {
	constructor(private readonly host: LifecycleHost) {}

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
			this.host.store.expiryWatch.add(c._id);
		c.docVersion++;
		this.host.event(c, 'configured', Object.keys(cfg).join(', '));
		this.host.touch(c);
	}

	/** Every problem that prevents sending (empty when the configuration is valid). */
	configurationProblems(c: ContractState): string[] {
		return configurationProblems(c, () => this.host.nowIso().slice(0, 10), this.host.store.credits);
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
		c.sentAt = this.host.nowIso();
		for (const p of c.participants) {
			if (p.status === 'PENDING') p.status = 'SENT';
			this.host.ensureToken(c, p);
		}
		if (c.config.expiryUndefined === false && c.config.expiryEndDate)
			this.host.store.expiryWatch.add(c._id);
		this.host.event(c, 'sent', next);
		this.host.touch(c);
	}

	cancel(c: ContractState): void {
		if (c.status === 'CANCELED') throw conflict(`Contract ${c._id} is already cancelled`);
		if (SIGNED_ALL.includes(c.status) || allSigned(c)) {
			throw conflict(
				`Contract ${c._id} is signed by all participants (${c.status}) and cannot be cancelled`,
			);
		}
		c.status = 'CANCELED';
		c.canceledAt = this.host.nowIso();
		this.host.event(c, 'canceled');
		this.host.touch(c);
	}

	finalize(c: ContractState): void {
		if (c.status !== 'RECEIVED_SIGNED') {
			throw conflict(
				`Contract ${c._id} can only be finalized when RECEIVED_SIGNED (it is ${c.status || '"" (draft)'})`,
			);
		}
		c.status = 'FINALIZED';
		c.finalizedAt = this.host.nowIso();
		this.host.event(c, 'finalized');
		this.host.touch(c);
	}

	archive(c: ContractState): void {
		if (!c.archived) {
			c.archived = true;
			c.archivedAt = this.host.nowIso();
			this.host.event(c, 'archived');
			this.host.touch(c);
		}
	}

	remind(c: ContractState): string[] {
		if (!AWAITING_SIGNATURES.includes(c.status)) {
			throw conflict(
				`Reminders need a contract waiting for signatures; contract ${c._id} is ${c.status || '"" (draft)'}`,
			);
		}
		const ids = c.participants.filter((p) => p.status === 'SENT').map((p) => p._id);
		if (ids.length === 0) throw conflict(`Contract ${c._id} has no participant waiting to sign`);
		c.reminders.push({ at: this.host.nowIso(), participantIds: ids });
		this.host.event(c, 'reminder', `${ids.length} participant(s)`);
		this.host.touch(c);
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
		if (this.host.store.credits.shield2 <= 0) throw conflict('No shield-2 credits available');
		this.host.store.credits.shield2--;
		c.shield2Stamped = true;
		this.host.event(c, 'shield2-stamped');
		this.host.touch(c);
	}

	sign(c: ContractState, options: SignOptions = {}): void {
		if (c.status !== 'SENT_TO_SIGN')
			throw conflict(
				`Contract ${c._id} is not waiting for signatures (status ${c.status || '"" (draft)'})`,
			);
		let targets: ParticipantState[];
		if (options.participantId) {
			const p = this.host.participant(c, options.participantId);
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
			: this.host.nowIso();
		for (const p of targets) {
			const index = c.participants.indexOf(p);
			p.status = 'SIGNED';
			p.signedAt = signedAt;
			p.ip = options.ip ?? `203.0.113.${10 + index}`;
			p.geolocation = options.geolocation ?? { ...DEFAULT_GEO };
			this.host.event(c, 'signed', `${p.label} ${p.email}`);
		}
		if (allSigned(c)) {
			c.status = 'RECEIVED_SIGNED';
			c.signedAt =
				c.participants
					.map((p) => p.signedAt ?? '')
					.sort()
					.pop() ?? signedAt;
			this.host.event(c, 'signed-by-all');
		}
		this.host.touch(c);
	}

	reject(c: ContractState, participantId?: string, reason?: string): void {
		if (c.status !== 'SENT_TO_SIGN' && c.status !== 'NEGOTIATION') {
			throw conflict(`Contract ${c._id} cannot be rejected in status ${c.status || '"" (draft)'}`);
		}
		const p = participantId
			? this.host.participant(c, participantId)
			: c.participants.find((x) => x.status !== 'SIGNED');
		if (!p) throw conflict('No participant left who could reject');
		if (p.status === 'SIGNED') throw conflict(`Participant ${p._id} has already signed`);
		p.status = 'REJECTED';
		p.rejectedAt = this.host.nowIso();
		if (reason) p.rejectReason = reason;
		c.status = 'REJECTED';
		c.rejectedAt = p.rejectedAt;
		this.host.event(c, 'rejected', `${p.label}${reason ? `: ${reason}` : ''}`);
		this.host.touch(c);
	}

	acceptNegotiation(c: ContractState): void {
		if (c.status !== 'NEGOTIATION')
			throw conflict(
				`Contract ${c._id} is not in NEGOTIATION (status ${c.status || '"" (draft)'})`,
			);
		c.status = 'NEGOTIATED';
		c.negotiatedAt = this.host.nowIso();
		this.host.event(c, 'negotiated');
		this.host.touch(c);
	}

	expire(c: ContractState): void {
		if (c.status !== 'SENT_TO_SIGN' && c.status !== '')
			throw conflict(`Contract ${c._id} cannot expire in status ${c.status}`);
		c.status = 'EXPIRED';
		c.expiredAt = this.host.nowIso();
		this.host.event(c, 'expired');
		this.host.touch(c);
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
		c.deliveredAt = this.host.nowIso();
		this.host.event(c, 'delivered', c.status);
		this.host.touch(c);
	}

	/** Test-only status change; participant statuses follow so the contract stays coherent. */
	setStatus(c: ContractState, status: ContractStatus): void {
		const now = this.host.nowIso();
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
		this.host.event(c, 'status-set', status || 'draft');
		this.host.touch(c);
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
		if (!Number.isNaN(end) && this.host.now().getTime() > end) {
			c.status = 'EXPIRED';
			c.expiredAt = new Date(end).toISOString();
			this.host.event(c, 'expired', `expiryEndDate ${c.config.expiryEndDate}`);
			this.host.touch(c);
		}
	}

	sweepExpiry(): void {
		for (const id of this.host.store.expiryWatch) {
			const c = this.host.store.contracts.get(id);
			if (!c || !AWAITING_SIGNATURES.includes(c.status)) {
				this.host.store.expiryWatch.delete(id);
				continue;
			}
			this.checkExpiry(c);
		}
	}
}
