-- Hostile: an error whose value is a table with a __tostring that fails too, so
-- that reporting the error raises another.

local broken = setmetatable({}, {
  __tostring = function()
    error("and this fails as well")
  end,
})

function is_won()
  error(broken)
end

-- A __tostring that loops for ever.
function moves_left()
  error(setmetatable({}, { __tostring = function() while true do end end }))
end

-- An error message full of terminal escape sequences (clear the screen, ring
-- the bell): it must reach the status line as plain text.
function hint()
  error("\27[2J\27[31mgotcha\7")
end
