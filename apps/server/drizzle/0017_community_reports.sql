CREATE INDEX "activist_pressures_mobilization_created_id_idx" ON "activist_pressures" USING btree ("mobilization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activists_community_id_idx" ON "activists" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "donations_community_created_id_idx" ON "donations" USING btree ("community_id","created_at","id");--> statement-breakpoint
CREATE INDEX "form_entries_mobilization_created_id_idx" ON "form_entries" USING btree ("mobilization_id","created_at","id");