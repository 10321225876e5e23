// Writes the YAML test suite's cases into tests/data/yaml-test-suite/ in the suite's own `data`
// layout (<ID>/in.yaml, and an empty <ID>/error for a case that is invalid YAML), decoded as the
// suite's bin/YAMLTestSuite.pm does. Run once by hand when the vendored commit moves:
//   git clone https://github.com/yaml/yaml-test-suite && \
//   <reference node> <build>/tests/platform-reference/vendor-yaml-test-suite.mjs \
//       yaml-test-suite/src tests/data/yaml-test-suite
// (it runs from the platform reference only because that is where the `yaml` package is).
import { parse } from 'yaml';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// bin/YAMLTestSuite.pm unescape(): the suite's visible markers for invisible characters. (Its
// Perl writes `x{FEFF}` without the backslash; the marker means a byte order mark.)
function unescape(text) {
    return text.replace(/␣/g, ' ')
        .replace(/—*»/g, '\t')
        .replace(/←/g, '\r')
        .replace(/⇔/g, '\uFEFF')
        .replace(/↵/g, '')
        .replace(/∎\n$/, '');
}

const [src, dest] = process.argv.slice(2);
let written = 0;
for (const file of readdirSync(src).filter((f) => f.endsWith('.yaml')).sort()) {
    const id = file.slice(0, -'.yaml'.length);
    const tests = parse(readFileSync(join(src, file), 'utf-8'));
    if (tests[0].skip)
        continue;
    // A file with several tests numbers them (00, 01, … padded as the suite pads); a test without
    // `yaml` repeats the one before.
    const width = tests.length > 1 ? Math.floor(Math.log10(tests.length - 1)) + 2 : 2;
    let yaml;
    tests.forEach((test, i) => {
        yaml = test.yaml ?? yaml;
        const dir = tests.length > 1 ? join(dest, id, String(i).padStart(width, '0')) : join(dest, id);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'in.yaml'), unescape(yaml));
        if (test.fail)
            writeFileSync(join(dir, 'error'), '');
        ++written;
    });
}
console.log(`wrote ${written} cases`);
