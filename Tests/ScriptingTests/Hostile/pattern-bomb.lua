-- Hostile: a pattern that backtracks without end. Lua's matcher would try
-- every way of splitting five thousand letters four ways before failing: hours
-- in C. The sandbox's matcher counts its steps against the budget.

function is_won()
  local subject = string.rep("a", 5000)
  return subject:find(".-.-.-.-b") ~= nil
end
