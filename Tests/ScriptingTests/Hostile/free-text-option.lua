-- Hostile: an option of any text, and a player who types a great deal of it.

options = {
  { name = "motto", text = "A motto for the status line", default = "win" },
}

function is_won()
  return #game.option("motto") > 1000
end
