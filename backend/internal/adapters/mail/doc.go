// Package mail holds the adapters behind the notification.Mailer port: SMTP
// for real delivery and an outbox directory of .eml files for development.
// Both send exactly the bytes compose builds, so what a developer opens from
// the outbox is what a recipient would get.
package mail
