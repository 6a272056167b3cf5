-- Hostile: a finalizer (__gc) would run script code whenever the collector
-- pleases, outside any hook call and its budget. setmetatable refuses them.

function is_won()
  setmetatable({}, { __gc = function() while true do end end })
end
