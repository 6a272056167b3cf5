-- Hostile: a pattern's back-references (%1 .. %9) compare the capture with the
-- subject byte by byte, in C. Nine captures, each twice the one before, then the
-- ninth (256 bytes) thirty thousand times over: a match of a few dozen steps that
-- compares seven megabytes. In a loop it ran until the time limit, a sliver of
-- its work counted. The bytes a back-reference compares count against the budget.

function is_won()
  local subject = string.rep("a", 1 << 23)
  local pattern = "(a)"
  for n = 2, 9 do
    pattern = pattern .. "(%" .. (n - 1) .. "%" .. (n - 1) .. ")"
  end
  pattern = "^" .. pattern .. string.rep("%9", 30000) .. "b"
  while true do
    local _ = subject:find(pattern)
  end
end
