// Copies what tsc does not emit into dist/: node and credential icons and the node codex files.
const { src, dest, series } = require('gulp');

function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

function copyCodex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest('dist'));
}

exports['build:assets'] = series(copyIcons, copyCodex);
exports.default = exports['build:assets'];
