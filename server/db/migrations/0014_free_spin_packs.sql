ALTER TABLE "free_spin_packs" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "free_spin_pack_id" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "free_spin_number" integer;--> statement-breakpoint
ALTER TABLE "free_spin_packs" ADD CONSTRAINT "free_spin_packs_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_free_spin_pack_id_free_spin_packs_id_fk" FOREIGN KEY ("free_spin_pack_id") REFERENCES "free_spin_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_spin_packs_bonus_unique" ON "free_spin_packs" USING btree ("bonus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_free_spin_unique" ON "game_rounds" USING btree ("free_spin_pack_id","free_spin_number") WHERE "game_rounds"."free_spin_pack_id" is not null;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_free_spin" CHECK (("game_rounds"."free_spin_pack_id" is null) = ("game_rounds"."free_spin_number" is null));