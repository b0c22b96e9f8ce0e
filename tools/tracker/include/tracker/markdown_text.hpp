// Text for GitHub-flavoured Markdown, shared by the renderers: table-safe text, code spans and
// short links to upstream issues.
#pragma once

#include <string>
#include <string_view>

namespace tracker {

// Text safe in a GFM table cell: one line, no column break, no inline HTML, at most `limit`
// characters.
std::string cell_text(std::string_view text, std::size_t limit = 160);

// A code span for an id (ids have no backticks; anything else is made harmless).
std::string code(std::string_view text);

// "[pytorch/pytorch#38205](url)" for a GitHub issue or pull URL, else the URL as its own label.
std::string link(std::string_view url);

}  // namespace tracker
