#!/usr/bin/env bash
# Builds the libFuzzer targets and fuzzes one (or all) for a number of seconds each.
#
#   Tests/Fuzz/run.sh TARGET SECONDS     TARGET: frames, wire, bundle-plist, vocabulary, phrases, intentdefinition, library-types, compiled-appintents or all
#
# The committed seeds (Corpus/TARGET) are copied into a working corpus under .build/, so
# that a run adds nothing to the repository; a crashing input lands in .build/fuzz-artifacts/
# and the script exits non-zero. Crashes found become regression tests in the test suite.
set -euo pipefail

usage() { echo "usage: $0 frames|wire|bundle-plist|vocabulary|phrases|intentdefinition|library-types|compiled-appintents|all SECONDS" >&2; exit 2; }
[[ $# -eq 2 && $2 =~ ^[0-9]+$ && $2 -gt 0 ]] || usage

here=$(cd "$(dirname "$0")" && pwd)
declare -A executables=([frames]=FuzzFrames [wire]=FuzzWire [bundle-plist]=FuzzBundlePlist
                        [vocabulary]=FuzzVocabulary [phrases]=FuzzPhrases [intentdefinition]=FuzzIntentDefinition
                        [library-types]=FuzzLibraryTypes [compiled-appintents]=FuzzCompiledAppIntents)
if [[ $1 == all ]]; then
    targets=(frames wire bundle-plist vocabulary phrases intentdefinition library-types compiled-appintents)
elif [[ -n ${executables[$1]:-} ]]; then
    targets=("$1")
else
    usage
fi

cd "$here"
# Swift's own crash handler would take the signal before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
# SwiftPM also builds the root package's plugin tool (intents-codegen) for the host with these
# flags, and gold fails to link it ("internal error in format_file_lineno"); the build goes on,
# since no fuzz target needs that tool.
swift build -c release -Xswiftc -sanitize=fuzzer
artifacts=$here/.build/fuzz-artifacts
mkdir -p "$artifacts"
for target in "${targets[@]}"; do
    corpus=$here/.build/corpus/$target
    mkdir -p "$corpus"
    cp -n "$here/Corpus/$target"/* "$corpus"/
    echo "== fuzzing $target for $2 s"
    "$here/.build/release/${executables[$target]}" "$corpus" \
        -max_total_time="$2" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$target-" 2>&1 | { grep -v '^#[0-9]*\s*\(NEW\|REDUCE\|pulse\)' || true; }
done
