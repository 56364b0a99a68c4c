console.log("not a served file type");
