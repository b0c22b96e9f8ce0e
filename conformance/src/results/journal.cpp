// The journal: one JSON object per line, each flushed to the kernel as soon as it is written, so
// that a run killed at any point (SIGKILL included: the kernel keeps what was written) leaves every
// finished check behind. Lines, in order:
//   {"run": {...}}                 once, first
//   {"implementation": {...}}      a handshake; the results after it are that implementation's
//   {"result": {...}}              one finished check
//   {"finished": "<UTC time>"}     once, last, when the run ended normally
#include "conformance/journal.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "run_info_json.hpp"

namespace conformance {

JournalWriter::JournalWriter(const std::string& path) : path_(path) {
  file_ = std::fopen(path.c_str(), "w");
  if (file_ == nullptr) {
    throw std::runtime_error("cannot create journal " + path + ": " + std::strerror(errno));
  }
}

JournalWriter::~JournalWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

// Only the "finished" line says the run ended: a killed run's tracker must not claim otherwise.
void JournalWriter::begin_run(const RunInfo& run) {
  RunInfo started = run;
  started.finished.clear();
  write_line(nlohmann::json{{"run", run_info_to_json(started)}}.dump());
}

void JournalWriter::begin_implementation(const Handshake& handshake) {
  write_line(nlohmann::json{{"implementation", handshake}}.dump());
}

void JournalWriter::append(const CheckResult& result) {
  write_line(nlohmann::json{{"result", result}}.dump());
}

void JournalWriter::end_run(const std::string& finished) {
  write_line(nlohmann::json{{"finished", finished}}.dump());
}

// dump() escapes control characters, so a line never contains a raw newline of its own.
void JournalWriter::write_line(const std::string& line) {
  const std::string terminated = line + '\n';
  if (std::fputs(terminated.c_str(), file_) == EOF || std::fflush(file_) != 0) {
    throw std::runtime_error("cannot append to journal " + path_ + ": " + std::strerror(errno));
  }
}

namespace {

// Applies one parsed journal line to the tracker being rebuilt.
void apply_line(const nlohmann::json& line, Tracker& tracker) {
  if (!line.is_object() || line.size() != 1) {
    throw std::runtime_error(
        "expected an object with one key (run, implementation, result or "
        "finished)");
  }
  // Not a structured binding over items(): its proxy would dangle.
  const auto entry = line.begin();
  const std::string key = entry.key();
  const nlohmann::json& value = entry.value();
  if (key == "run") {
    tracker.run = run_info_from_json(value);
  } else if (key == "implementation") {
    tracker.implementations.push_back({.handshake = value.get<Handshake>(), .results = {}});
  } else if (key == "result") {
    if (tracker.implementations.empty()) {
      throw std::runtime_error("a result before any implementation line");
    }
    auto& run = tracker.implementations.back();
    auto result = value.get<CheckResult>();
    result.implementation = run.handshake.implementation;
    run.results.push_back(std::move(result));
  } else if (key == "finished") {
    tracker.run.finished = value.get<std::string>();
  } else {
    throw std::runtime_error("unknown key \"" + key + "\"");
  }
}

}  // namespace

Tracker rebuild_from_journal(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read journal " + path + ": " + std::strerror(errno));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(std::move(line));

  Tracker tracker;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool last = i + 1 == lines.size();
    const auto parsed = nlohmann::json::parse(lines[i], nullptr, /*allow_exceptions=*/false);
    // A proper prefix of a JSON object never parses, so an unparsable last line is one that a
    // kill cut short: everything before it is whole.
    if (parsed.is_discarded()) {
      if (last) break;
      throw std::runtime_error("journal " + path + ", line " + std::to_string(i + 1) +
                               ": not JSON");
    }
    try {
      apply_line(parsed, tracker);
    } catch (const std::exception& error) {
      throw std::runtime_error("journal " + path + ", line " + std::to_string(i + 1) + ": " +
                               error.what());
    }
  }
  return tracker;
}

}  // namespace conformance
