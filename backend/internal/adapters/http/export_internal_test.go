package http

// ContentDisposition exposes the download header for the tests.
var ContentDisposition = contentDisposition
