import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031133Pharmacy extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"medicines\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(120) not null, \"generic_name\" varchar(200) not null, \"company\" varchar(120) not null, \"strength\" varchar(60) not null, \"form\" text not null, \"unit\" text not null, \"price_poisha\" int not null, \"stock\" int not null default 0, \"image_url\" varchar(500) null, \"description\" text not null default '', \"is_active\" boolean not null default true, primary key (\"id\"))");
    this.addSql("create index \"medicines_is_active_name_index\" on \"medicines\" (\"is_active\", \"name\")");
    this.addSql("create index \"medicines_search_index\" on \"medicines\" using gin (to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(generic_name, '') || ' ' || coalesce(company, '')))");
    this.addSql("create table \"orders\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"user_id\" uuid not null, \"status\" text not null default 'Processing', \"payment_status\" text not null default 'pending', \"payment_method\" text not null, \"payment_tran_id\" varchar(30) not null, \"items_poisha\" int not null, \"shipping_poisha\" int not null, \"total_poisha\" int not null, \"shipping_name\" varchar(100) not null, \"shipping_phone_e164\" varchar(20) not null, \"shipping_address\" varchar(300) not null, \"shipping_city\" varchar(100) not null, \"paid_at\" timestamptz null, \"confirmed_at\" timestamptz null, \"delivered_at\" timestamptz null, \"cancelled_at\" timestamptz null, \"cancel_reason\" varchar(60) null, \"stock_released\" boolean not null default false, \"archived_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"orders_payment_tran_id_index\" on \"orders\" (\"payment_tran_id\")");
    this.addSql("create index \"orders_status_created_at_index\" on \"orders\" (\"status\", \"created_at\")");
    this.addSql("create index \"orders_archived_at_created_at_index\" on \"orders\" (\"archived_at\", \"created_at\")");
    this.addSql("create index \"orders_user_id_created_at_index\" on \"orders\" (\"user_id\", \"created_at\")");
    this.addSql("create table \"order_items\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"order_id\" uuid not null, \"medicine_id\" uuid not null, \"name\" varchar(120) not null, \"unit\" text not null, \"image_url\" varchar(500) null, \"unit_price_poisha\" int not null, \"quantity\" int not null, \"line_total_poisha\" int not null, primary key (\"id\"))");
    this.addSql("create index \"order_items_order_id_index\" on \"order_items\" (\"order_id\")");
    this.addSql("create index \"order_items_medicine_id_index\" on \"order_items\" (\"medicine_id\")");
    this.addSql("alter table \"medicines\" add constraint \"medicines_price_positive\" check (price_poisha > 0)");
    this.addSql("alter table \"medicines\" add constraint \"medicines_stock_not_negative\" check (stock >= 0)");
    this.addSql("alter table \"medicines\" add constraint \"medicines_form_check\" check (\"form\" in ('Tablet', 'Capsule', 'Syrup', 'Suspension', 'Injection', 'Cream', 'Ointment', 'Gel', 'Drops', 'Inhaler', 'Powder', 'Suppository', 'Solution'))");
    this.addSql("alter table \"medicines\" add constraint \"medicines_unit_check\" check (\"unit\" in ('pcs', 'bottle', 'strip'))");
    this.addSql("alter table \"orders\" add constraint \"orders_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete restrict");
    this.addSql("alter table \"orders\" add constraint \"orders_amounts_consistent\" check (total_poisha = items_poisha + shipping_poisha and items_poisha > 0)");
    this.addSql("alter table \"orders\" add constraint \"orders_status_check\" check (\"status\" in ('Processing', 'Confirmed', 'Delivered', 'Cancelled'))");
    this.addSql("alter table \"orders\" add constraint \"orders_payment_status_check\" check (\"payment_status\" in ('pending', 'paid', 'failed'))");
    this.addSql("alter table \"orders\" add constraint \"orders_payment_method_check\" check (\"payment_method\" in ('bkash', 'nagad'))");
    this.addSql("alter table \"order_items\" add constraint \"order_items_order_id_foreign\" foreign key (\"order_id\") references \"orders\" (\"id\") on delete cascade");
    this.addSql("alter table \"order_items\" add constraint \"order_items_medicine_id_foreign\" foreign key (\"medicine_id\") references \"medicines\" (\"id\") on delete restrict");
    this.addSql("alter table \"order_items\" add constraint \"order_items_quantity_positive\" check (quantity > 0 and line_total_poisha = unit_price_poisha * quantity)");
    this.addSql("alter table \"order_items\" add constraint \"order_items_unit_check\" check (\"unit\" in ('pcs', 'bottle', 'strip'))");
  }
}
