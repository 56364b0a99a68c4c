console.log("no");
