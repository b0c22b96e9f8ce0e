// The journal (docs/DESIGN.md section 2, "Nothing is lost"): JSON lines appended as the run goes,
// one per finished check, each written through to the kernel at once. A run killed at any moment
// (SIGKILL included) leaves a journal from which a valid tracker of the finished checks is rebuilt.
#pragma once

#include <cstdio>
#include <string>

#include "conformance/tracker.hpp"

namespace conformance {

class JournalWriter {
 public:
  // Creates (truncates) the journal; throws std::runtime_error naming the path on failure.
  explicit JournalWriter(const std::string& path);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  void begin_run(const RunInfo& run);
  void begin_implementation(const Handshake& handshake);
  // Appends one finished check of the implementation begun last.
  void append(const CheckResult& result);
  void end_run(const std::string& finished);

  const std::string& path() const { return path_; }

 private:
  void write_line(const std::string& line);
  std::string path_;
  std::FILE* file_ = nullptr;
};

// The tracker a journal describes. A last line cut short by a kill is ignored; any other
// malformed line throws std::runtime_error naming the line number.
Tracker rebuild_from_journal(const std::string& path);

}  // namespace conformance
