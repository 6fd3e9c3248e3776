-- Pearl Cascade (Lanternfish) was a theme on the slot engine; it now plays its own engine,
-- `cascade` (games/engines/cascade, docs/games-math.md "Pearl Cascade"), with the RTP its
-- simulation declares. The seed only inserts missing games, so a database seeded before keeps
-- the old row: this moves it, unless an operator has already changed it.
UPDATE "games" SET "engine" = 'cascade', "rtp" = '95.64', "volatility" = 'medium'
  WHERE "sysname" = 'pearl-cascade' AND "engine" = 'slot';
